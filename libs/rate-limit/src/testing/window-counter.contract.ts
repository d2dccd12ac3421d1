/**
 * The behaviour every WindowCounter store must show, run against each store
 * (memory and Redis here, Postgres in @tessera/persistence), so that the Lua
 * script, the SQL statement and the in-process map cannot drift apart.
 */
import type { WindowCounter } from '../window-counter.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeWindowCounterContract(title: string, open: () => WindowCounter): void {
  describe(title, () => {
    // Keys unique to each test and run, so stores shared across tests and runs start empty for each.
    let prefix = '';
    const key = (name: string) => `${prefix}:${name}`;
    beforeEach(() => {
      prefix = `contract:${Date.now().toString(36)}:${Math.random().toString(36).slice(2)}`;
    });

    it('counts the first call as 1 in every window, each resetting after its own length', async () => {
      const [long, short] = await open().hit([
        { key: key('long'), durationSeconds: 60 },
        { key: key('short'), durationSeconds: 1 },
      ]);
      expect(long!.count).toBe(1);
      expect(long!.msBeforeReset).toBeGreaterThan(59_000);
      expect(long!.msBeforeReset).toBeLessThanOrEqual(60_000);
      expect(short!.count).toBe(1);
      expect(short!.msBeforeReset).toBeGreaterThan(0);
      expect(short!.msBeforeReset).toBeLessThanOrEqual(1_000);
    });

    it('adds one per call and keeps the reset time set by the first call', async () => {
      const counter = open();
      const window = [{ key: key('w'), durationSeconds: 60 }];
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await counter.hit(window))[0]!);
      expect(answers.map((answer) => answer.count)).toEqual([1, 2, 3]);
      expect(answers[2]!.msBeforeReset).toBeLessThanOrEqual(answers[0]!.msBeforeReset);
      expect(answers[0]!.msBeforeReset - answers[2]!.msBeforeReset).toBeLessThan(1_000);
    });

    it('answers in the order the windows are given, whatever the order of their keys', async () => {
      const counter = open();
      await counter.hit([{ key: key('a'), durationSeconds: 30 }]);
      const answers = await counter.hit([
        { key: key('z'), durationSeconds: 5 },
        { key: key('a'), durationSeconds: 30 },
      ]);
      expect(answers.map((answer) => answer.count)).toEqual([1, 2]);
      expect(answers[0]!.msBeforeReset).toBeLessThanOrEqual(5_000);
      expect(answers[1]!.msBeforeReset).toBeGreaterThan(5_000);
    });

    it('keeps a separate count for each key', async () => {
      const counter = open();
      await counter.hit([{ key: key('one'), durationSeconds: 60 }]);
      await counter.hit([{ key: key('one'), durationSeconds: 60 }]);
      const [other] = await counter.hit([{ key: key('two'), durationSeconds: 60 }]);
      expect(other!.count).toBe(1);
    });

    it('starts a window again at 1, with a fresh reset time, once its time is up', async () => {
      const counter = open();
      const window = [{ key: key('expiring'), durationSeconds: 1 }];
      await counter.hit(window);
      await counter.hit(window);
      await sleep(1_100);
      const [fresh] = await counter.hit(window);
      expect(fresh!.count).toBe(1);
      expect(fresh!.msBeforeReset).toBeGreaterThan(800);
    });

    it('counts concurrent calls on one key exactly once each', async () => {
      const counter = open();
      const windows = [
        { key: key('busy-long'), durationSeconds: 60 },
        { key: key('busy-short'), durationSeconds: 30 },
      ];
      const answers = await Promise.all(Array.from({ length: 25 }, () => counter.hit(windows)));
      const expected = Array.from({ length: 25 }, (_, i) => i + 1);
      expect(answers.map((answer) => answer[0]!.count).sort((a, b) => a - b)).toEqual(expected);
      expect(answers.map((answer) => answer[1]!.count).sort((a, b) => a - b)).toEqual(expected);
    });

    it('adds each window\'s own increment in the same round trip: a cost beside a call, 0 to read, a negative amount to give back', async () => {
      const counter = open();
      const calls = { key: key('calls'), durationSeconds: 60 };
      const points = { key: key('points'), durationSeconds: 60 };
      expect((await counter.hit([calls, { ...points, increment: 7 }])).map((answer) => answer.count)).toEqual([1, 7]);
      expect((await counter.hit([calls, { ...points, increment: 0 }])).map((answer) => answer.count)).toEqual([2, 7]);
      const [, refunded] = await counter.hit([calls, { ...points, increment: -3 }]);
      expect(refunded!.count).toBe(4);
      expect(refunded!.msBeforeReset).toBeGreaterThan(58_000);
      expect((await counter.hit([{ ...points, increment: 2 }], 5)).map((answer) => answer.count)).toEqual([6]);
    });

    it('starts a new window read with increment 0 at 0, with its full length', async () => {
      const [read] = await open().hit([{ key: key('unread'), durationSeconds: 30, increment: 0 }]);
      expect(read!.count).toBe(0);
      expect(read!.msBeforeReset).toBeGreaterThan(29_000);
      expect(read!.msBeforeReset).toBeLessThanOrEqual(30_000);
    });
  });
}
