import { rulesLaneShare } from './rules-lane-share.js';

/** A job of the account that runs until the returned function is called. */
function hold(share: ReturnType<typeof rulesLaneShare>, account: string) {
  let finish!: () => void;
  const done = share.run(account, () => new Promise<void>((resolve) => (finish = resolve)));
  return async () => {
    finish();
    await done;
  };
}

describe("the rules lane's slots shared between accounts (decision 059)", () => {
  it("leaves an account's jobs while it holds half the slots and another account's job is due, and not once its job ended", async () => {
    const asked: string[] = [];
    const share = rulesLaneShare({ slots: 2, othersDue: async (flag) => (asked.push(flag), true) });

    expect(await share.forbidden()).toEqual([]);
    const end = hold(share, 'acct-a');
    expect(await share.forbidden()).toEqual(['rules-account:acct-a']);
    expect(asked).toEqual(['rules-account:acct-a']);

    await end();
    expect(await share.forbidden()).toEqual([]);
  });

  it('lets an account alone take every slot', async () => {
    const share = rulesLaneShare({ slots: 2, othersDue: async () => false });
    const ends = [hold(share, 'acct-a'), hold(share, 'acct-a')];

    expect(await share.forbidden()).toEqual([]);
    await Promise.all(ends.map((end) => end()));
  });

  it('asks again about an account only after refreshMs, and holds none back when it cannot tell', async () => {
    let now = 0;
    let answers = 0;
    const errors: unknown[] = [];
    const share = rulesLaneShare({
      slots: 4, now: () => now, refreshMs: 1000, onError: (error) => errors.push(error),
      othersDue: async () => {
        answers += 1;
        if (answers === 2) throw new Error('database away');
        return true;
      },
    });
    const ends = [hold(share, 'acct-a'), hold(share, 'acct-a'), hold(share, 'acct-b')];
    expect(await share.forbidden()).toEqual(['rules-account:acct-a']);
    now = 999;
    expect(await share.forbidden()).toEqual(['rules-account:acct-a']);
    expect(answers).toBe(1);

    now = 1000;
    expect(await share.forbidden()).toEqual([]);
    expect(errors).toHaveLength(1);
    await Promise.all(ends.map((end) => end()));
  });

  it("leaves the jobs of an account whose rules took half the process's evaluation time of the last seconds, however few slots it holds", async () => {
    const heavy = new Set(['acct-a']);
    const share = rulesLaneShare({ slots: 4, spending: (ms, seconds) => (ms === 2_500 && seconds === 5 ? [...heavy] : []), othersDue: async () => true });

    expect(await share.forbidden()).toEqual(['rules-account:acct-a']);
    heavy.clear();
    expect(await share.forbidden()).toEqual([]);
  });
});
