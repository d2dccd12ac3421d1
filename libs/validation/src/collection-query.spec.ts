import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DomainError } from '@tessera/domain';
import { parseCollectionQuery, type CollectionSpec, type RawQuery } from './collection-query.js';
import { parseIsoDatetime } from './filter-value.js';
import { ConfigError, configFields, parseConfig } from './config.js';

const spec: CollectionSpec = {
  fields: ['id', 'subject', 'status', 'created_at', 'team'],
  defaultFields: ['subject', 'id', 'status'],
  sortable: ['id', 'status', 'created_at'],
  filters: {
    id: 'integer',
    subject: 'string',
    status: { enum: ['assigned', 'in_progress', 'completed'] },
    created_at: 'datetime',
    urgent: 'boolean',
  },
};

const parse = (query: RawQuery) => parseCollectionQuery(query, spec);

/** The DomainError a parse throws, so tests can check its code and exact message. */
function errorOf(query: RawQuery): DomainError {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

function expectBadParameter(query: RawQuery, message: string | RegExp): void {
  const error = errorOf(query);
  expect(error.code).toBe('BAD_PARAMETER');
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('parseCollectionQuery', () => {
  describe('defaults', () => {
    it('returns page 1, per_page 20, the default fields with id first and sort id asc for an empty query', () => {
      expect(parse({})).toEqual({
        page: 1,
        perPage: 20,
        fields: ['id', 'subject', 'status'],
        sort: [{ field: 'id', direction: 'asc' }],
        filters: [],
      });
    });

    it('uses the spec default sort when the query has none', () => {
      const query = parseCollectionQuery({}, { ...spec, defaultSort: [{ field: 'created_at', direction: 'desc' }] });
      expect(query.sort).toEqual([{ field: 'created_at', direction: 'desc' }]);
    });

    it('treats empty page and per_page values as absent', () => {
      expect(parse({ page: '', per_page: '' })).toMatchObject({ page: 1, perPage: 20 });
    });
  });

  describe('pagination', () => {
    it('accepts page 3 and per_page 100', () => {
      expect(parse({ page: '3', per_page: '100' })).toMatchObject({ page: 3, perPage: 100 });
    });

    it('accepts per_page 1', () => {
      expect(parse({ per_page: '1' }).perPage).toBe(1);
    });

    it(`returns 400 "Parameter 'per_page' cannot be less than 1" for per_page 0`, () => {
      expectBadParameter({ per_page: '0' }, "Parameter 'per_page' cannot be less than 1");
    });

    it(`returns 400 "Parameter 'per_page' cannot be greater than 100" for per_page 101`, () => {
      expectBadParameter({ per_page: '101' }, "Parameter 'per_page' cannot be greater than 100");
    });

    it(`returns 400 "Parameter 'page' cannot be less than 1" for page -1`, () => {
      expectBadParameter({ page: '-1' }, "Parameter 'page' cannot be less than 1");
    });

    it.each(['abc', '1.5', '2e1', ' 5'])(`returns 400 "Parameter 'per_page' must be an integer" for per_page %p`, (value) => {
      expectBadParameter({ per_page: value }, "Parameter 'per_page' must be an integer");
    });

    it(`returns 400 "Parameter 'page' must be given once" for a repeated page`, () => {
      expectBadParameter({ page: ['1', '2'] }, "Parameter 'page' must be given once");
    });
  });

  describe('fields', () => {
    it('selects the requested fields and always includes id first', () => {
      expect(parse({ fields: 'status,created_at' }).fields).toEqual(['id', 'status', 'created_at']);
    });

    it('keeps id first and lists each field once when id and duplicates are requested', () => {
      expect(parse({ fields: 'team, id ,team' }).fields).toEqual(['id', 'team']);
    });

    it('returns 400 naming an unknown field', () => {
      expectBadParameter({ fields: 'subject,secret' }, /secret/);
      expect(errorOf({ fields: 'subject,secret' }).message).not.toMatch(/subject/);
    });
  });

  describe('sort', () => {
    it('reads -status,id as status descending then id ascending', () => {
      expect(parse({ sort: '-status,id' }).sort).toEqual([
        { field: 'status', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ]);
    });

    it('returns 400 "Sorting not allowed on fields: foo" for an unknown sort field', () => {
      expectBadParameter({ sort: 'foo' }, 'Sorting not allowed on fields: foo');
    });

    it('returns 400 "Sorting not allowed on fields: foo" for an unknown descending sort field', () => {
      expectBadParameter({ sort: 'id,-foo' }, 'Sorting not allowed on fields: foo');
    });

    it('returns 400 naming every field not allowed for sorting', () => {
      expectBadParameter({ sort: 'foo,status,subject' }, 'Sorting not allowed on fields: foo, subject');
    });
  });

  describe('filters', () => {
    it('reads ?status=assigned as status in [assigned]', () => {
      expect(parse({ status: 'assigned' }).filters).toEqual([{ field: 'status', operator: 'in', values: ['assigned'] }]);
    });

    it('reads ?status!=assigned (key "status!") as status not in [assigned]', () => {
      expect(parse({ 'status!': 'assigned' }).filters).toEqual([{ field: 'status', operator: 'not_in', values: ['assigned'] }]);
    });

    it('reads ?status=!assigned as status not in [assigned]', () => {
      expect(parse({ status: '!assigned' }).filters).toEqual([{ field: 'status', operator: 'not_in', values: ['assigned'] }]);
    });

    it('reads ?created_at=>2026-01-01T00:00:00Z as created_at >= that instant', () => {
      expect(parse({ created_at: '>2026-01-01T00:00:00Z' }).filters).toEqual([
        { field: 'created_at', operator: 'gte', values: [new Date(Date.UTC(2026, 0, 1))] },
      ]);
    });

    it('reads ?created_at=<2026-01-01T00:00:00Z as created_at <= that instant', () => {
      expect(parse({ created_at: '<2026-01-01T00:00:00Z' }).filters).toEqual([
        { field: 'created_at', operator: 'lte', values: [new Date(Date.UTC(2026, 0, 1))] },
      ]);
    });

    it('reads ?id=1,2,3 as id in [1, 2, 3] with numbers', () => {
      expect(parse({ id: '1,2,3' }).filters).toEqual([{ field: 'id', operator: 'in', values: [1, 2, 3] }]);
    });

    it('reads ?id!=1,2 as id not in [1, 2]', () => {
      expect(parse({ 'id!': '1,2' }).filters).toEqual([{ field: 'id', operator: 'not_in', values: [1, 2] }]);
    });

    it('reads an empty value as "is empty"', () => {
      expect(parse({ subject: '' }).filters).toEqual([{ field: 'subject', operator: 'empty', values: [] }]);
    });

    it('reads an empty negated value as "is present"', () => {
      expect(parse({ 'subject!': '' }).filters).toEqual([{ field: 'subject', operator: 'present', values: [] }]);
    });

    it('reads ?urgent=true as the boolean true', () => {
      expect(parse({ urgent: 'true' }).filters).toEqual([{ field: 'urgent', operator: 'in', values: [true] }]);
    });

    it('combines several filters with pagination, sort and fields', () => {
      const query = parse({ page: '2', per_page: '5', sort: '-id', fields: 'status', status: 'completed', 'id!': '7' });
      expect(query).toEqual({
        page: 2,
        perPage: 5,
        fields: ['id', 'status'],
        sort: [{ field: 'id', direction: 'desc' }],
        filters: [
          { field: 'status', operator: 'in', values: ['completed'] },
          { field: 'id', operator: 'not_in', values: [7] },
        ],
      });
    });

    it(`returns 400 "Parameter 'status' must be one of: assigned, in_progress, completed" for an enum value not allowed`, () => {
      expectBadParameter({ status: 'lost' }, "Parameter 'status' must be one of: assigned, in_progress, completed");
    });

    it(`returns 400 "Parameter 'id' must be an integer from 0 to 2147483647" for an integer filter with text or out of range`, () => {
      expectBadParameter({ id: '1,abc' }, "Parameter 'id' must be an integer from 0 to 2147483647");
      expectBadParameter({ id: '2147483648' }, "Parameter 'id' must be an integer from 0 to 2147483647");
    });

    it(`returns 400 "Parameter 'urgent' must be true or false" for a boolean filter with another word`, () => {
      expectBadParameter({ urgent: 'yes' }, "Parameter 'urgent' must be true or false");
    });

    it(`returns 400 "Parameter 'created_at' must be an ISO 8601 datetime from …" for a comparison with a non-date`, () => {
      expectBadParameter({ created_at: '>yesterday' }, "Parameter 'created_at' must be an ISO 8601 datetime from 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z");
    });

    it.each(['0000-01-01', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59-23:59'])('returns 400 for the out-of-range datetime %s', (value) => {
      expectBadParameter({ created_at: `>${value}` }, /1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z/);
    });

    it('returns 400 "Filtering not allowed on fields: x" for an unknown filter key', () => {
      expectBadParameter({ x: '1' }, 'Filtering not allowed on fields: x');
    });

    it('returns 400 "Filtering not allowed on fields: x" for an unknown negated filter key', () => {
      expectBadParameter({ 'x!': '1' }, 'Filtering not allowed on fields: x');
    });

    it('returns 400 naming every field not allowed for filtering', () => {
      expectBadParameter({ x: '1', status: 'assigned', y: '2' }, 'Filtering not allowed on fields: x, y');
    });

    it('does not treat inherited object properties as filters', () => {
      expectBadParameter({ toString: '1' }, 'Filtering not allowed on fields: toString');
    });

    it(`returns 400 "Parameter 'status' must be given once" for a repeated query key`, () => {
      expectBadParameter({ status: ['assigned', 'completed'] }, "Parameter 'status' must be given once");
    });

    it(`returns 400 "Parameter 'sort' must be given once" for a repeated sort`, () => {
      expectBadParameter({ sort: ['id', '-id'] }, "Parameter 'sort' must be given once");
    });

    it(`returns 400 "Parameter 'fields' must be given once" for a repeated fields`, () => {
      expectBadParameter({ fields: ['id', 'status'] }, "Parameter 'fields' must be given once");
    });
  });
});

describe('parseIsoDatetime', () => {
  it.each(['2026-02-30', '2026-04-31T10:00:00Z', '2025-02-29'])('refuses %s, a calendar date that does not exist', (raw) => {
    expect(parseIsoDatetime(raw)).toBeNull();
  });

  it('accepts 29 February in a leap year', () => {
    expect(parseIsoDatetime('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('reads a datetime with a +02:00 offset', () => {
    expect(parseIsoDatetime('2026-03-04T10:00:00+02:00')?.toISOString()).toBe('2026-03-04T08:00:00.000Z');
  });

  it('reads a datetime with a -0530 offset without a colon', () => {
    expect(parseIsoDatetime('2026-03-04T10:00:00-0530')?.toISOString()).toBe('2026-03-04T15:30:00.000Z');
  });

  it('reads a datetime with Z as UTC', () => {
    expect(parseIsoDatetime('2026-03-04T10:00:00Z')?.toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('reads a datetime without an offset as UTC', () => {
    expect(parseIsoDatetime('2026-03-04T10:00')?.toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('reads a datetime without an offset as UTC also on a server in another time zone', () => {
    // The time zone of a running process is fixed for Jest's sandbox, so a child Node runs the parse.
    const script = [
      `const { parseIsoDatetime } = await import(${JSON.stringify(new URL('./filter-value.ts', import.meta.url).href)});`,
      `console.log(JSON.stringify([new Date(2026, 2, 4).getTimezoneOffset(), parseIsoDatetime('2026-03-04T10:00').toISOString()]));`,
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: { ...process.env, TZ: 'America/New_York' },
      encoding: 'utf8',
    });
    const [offsetMinutes, parsed] = JSON.parse(output.trim().split('\n').pop()!) as [number, string];
    expect(offsetMinutes).toBe(300);
    expect(parsed).toBe('2026-03-04T10:00:00.000Z');
  });

  it('reads fractional seconds', () => {
    expect(parseIsoDatetime('2026-03-04T10:00:00.250Z')?.toISOString()).toBe('2026-03-04T10:00:00.250Z');
  });

  it('reads a date without time as midnight UTC', () => {
    expect(parseIsoDatetime('2026-03-04')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });

  it.each(['2026-13-01', '2026-00-10', '2026-01-01T25:00:00Z', 'yesterday', '2026/01/01', '', '1700000000', '2026-01-01 10:00:00Z'])(
    'returns null for %p',
    (raw) => {
      expect(parseIsoDatetime(raw)).toBeNull();
    },
  );
});

describe('parseConfig', () => {
  const schema = z.object({
    PORT: configFields.port(3000),
    DATABASE_URL: configFields.databaseUrl,
    LOG_LEVEL: configFields.logLevel,
  });

  it('returns typed values with defaults filled in', () => {
    expect(parseConfig(schema, { DATABASE_URL: 'postgres://localhost/tessera', PORT: '8080' })).toEqual({
      PORT: 8080,
      DATABASE_URL: 'postgres://localhost/tessera',
      LOG_LEVEL: 'info',
    });
  });

  it('throws a ConfigError listing the missing required variable', () => {
    let thrown: unknown;
    try {
      parseConfig(schema, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const error = thrown as ConfigError;
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^DATABASE_URL: is required/);
    expect(error.message).toContain('DATABASE_URL');
  });

  it('throws a ConfigError naming every bad variable at once', () => {
    let thrown: unknown;
    try {
      parseConfig(schema, { DATABASE_URL: 'mysql://localhost/x', PORT: '70000', LOG_LEVEL: 'loud' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('must be a postgres:// connection string');
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true);
  });
});

describe('filters with no values', () => {
  it.each([['id', ','], ['id!', ',']])('returns 400 for ?%s=%s', (key, value) => {
    expect(() => parseCollectionQuery({ [key]: value }, { fields: ['id'], defaultFields: ['id'], sortable: ['id'], filters: { id: 'integer' } })).toThrow(
      "Parameter 'id' has no values",
    );
  });
});
