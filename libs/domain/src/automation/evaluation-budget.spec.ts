import { evaluationBudget } from './evaluation-budget.js';

describe("an account's evaluation time in the last minute (decision 059)", () => {
  it('is exhausted once the account spent the bound, for that account alone, until the minute has passed', () => {
    let now = 1_000_000;
    const budget = evaluationBudget(30_000, () => now);

    budget.charge('hostile', 20_000);
    now += 10_000;
    expect(budget.exhausted('hostile')).toBe(false);
    budget.charge('hostile', 10_000);
    expect(budget.exhausted('hostile')).toBe(true);
    expect(budget.exhausted('other')).toBe(false);

    // The first 20 s spent leave the window 60 s after they were spent; the last 10 s stay.
    now += 50_000;
    expect(budget.exhausted('hostile')).toBe(false);
    budget.charge('hostile', 19_000);
    expect(budget.exhausted('hostile')).toBe(false);
    budget.charge('hostile', 1_000);
    expect(budget.exhausted('hostile')).toBe(true);
  });

  it('names the accounts that spent at least so much in the last seconds', () => {
    let now = 0;
    const budget = evaluationBudget(30_000, () => now);
    budget.charge('hostile', 2_000);
    budget.charge('quiet', 100);
    now += 3_000;
    budget.charge('hostile', 1_000);

    expect(budget.spending(2_500, 5)).toEqual(['hostile']);
    expect(budget.spending(2_500, 2)).toEqual([]);
    // Four seconds on, the 2,000 ms spent at 0 have left the last five seconds; the 1,000 at 3 have not.
    now += 4_000;
    expect(budget.spending(500, 5)).toEqual(['hostile']);
    expect(budget.spending(1_500, 5)).toEqual([]);
  });
});
