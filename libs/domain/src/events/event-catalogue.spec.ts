import { EVENT_CATALOGUE, EVENT_NAMES, isEventName } from './event-catalogue.js';

/** SPEC.md "Events", the table as written there: the oracle the catalogue is checked against. */
const SPEC_TABLE = `
| automation_rule | event name is \`automation_rule\` alone; used to notify webhooks from within automation rules |
| broadcast | create, update |
| workflow | create, manager-changed, note-added, status-changed, update |
| ci | create, update |
| contract | create, update |
| flsa | create, update |
| knowledge_article | create, update |
| organization | create, update |
| out_of_office_period | create, update, delete |
| person | create, update |
| problem | create, manager-changed, member-changed, note-added, status-changed, team-changed, update |
| product | create, update |
| project | create, manager-changed, note-added, status-changed, update |
| project_task | create, note-added, status-changed, update |
| release | create, manager-changed, note-added, update |
| request | agile-board-column-changed, create, major-incident-status-changed, member-changed, note-added, status-changed, team-changed, update |
| risk | create, update, note-added, status-changed, manager-changed |
| service | create, update |
| service_instance | create, update |
| service_offering | create, update |
| sla | create, update |
| task | create, member-changed, note-added, status-changed, team-changed, update |
| team | create, update |
| time_entry | create, update, delete |
`;

const specNames = SPEC_TABLE.trim()
  .split('\n')
  .flatMap((row) => {
    const [noun, verbs] = row.split('|').slice(1, 3).map((cell) => cell.trim()) as [string, string];
    return noun === 'automation_rule' ? [noun] : verbs.split(', ').map((verb) => `${noun}.${verb}`);
  });

describe('SPEC.md "Events" — the event catalogue', () => {
  it("holds as many names as SPEC.md's table, 77", () => {
    expect(specNames).toHaveLength(77);
    expect(EVENT_NAMES).toHaveLength(specNames.length);
  });

  it("holds exactly the names of SPEC.md's table, each once", () => {
    expect([...EVENT_NAMES].sort()).toEqual([...specNames].sort());
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('names automation_rule alone, and every other event `<noun>.<verb>`', () => {
    expect(EVENT_NAMES.filter((name) => !name.includes('.'))).toEqual(['automation_rule']);
    for (const name of EVENT_NAMES.filter((n) => n !== 'automation_rule')) {
      const [noun, verb, ...rest] = name.split('.');
      expect({ name, rest }).toEqual({ name, rest: [] });
      expect(Object.keys(EVENT_CATALOGUE)).toContain(noun);
      expect(verb).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it('isEventName accepts the names and nothing else', () => {
    expect(EVENT_NAMES.every(isEventName)).toBe(true);
    for (const other of ['automation_rule.create', 'request', 'request.delete', 'Request.create', 'request.create ', '']) expect(isEventName(other)).toBe(false);
  });
});
