import { RECORDS } from '@tessera/domain';
import { recordCosts, recordCostTable } from './record-cost.js';

/**
 * Issue 31's measure of the record engine: a simple record is its definition plus one migration,
 * 150 lines at most. Every record of the engine is measured, so a record added later is too.
 */
describe('what a record of the engine costs', () => {
  const costs = recordCosts();

  it('finds the definition and a migration of every record of the engine', () => {
    expect(costs.map((cost) => cost.noun)).toEqual(RECORDS.map((def) => def.noun));
    for (const cost of costs) expect({ noun: cost.noun, migrations: cost.migrations.length > 0 }).toEqual({ noun: cost.noun, migrations: true });
  });

  it('keeps every record with a migration of its own within 150 lines', () => {
    const over = costs.filter((cost) => !cost.shared && cost.definitionLines + cost.migrationLines > 150);
    expect(over.map((cost) => `${cost.noun}: ${cost.definitionLines} + ${cost.migrationLines}`)).toEqual([]);
    console.log(recordCostTable(costs));
  });
});
