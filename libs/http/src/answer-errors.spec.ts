import type { NextFunction, Request, Response } from 'express';
import { notFound, unavailable } from '@tessera/domain';
import { answerErrors } from './answer-errors.js';
import type { OutageWatch } from './outage-watch.js';

/** A response as far as the frame reads it, recording whether it was cut. */
function response(headersSent: boolean) {
  const res = { headersSent, destroyed: false, destroy: () => void (res.destroyed = true) };
  return res;
}

/** A watch that knows one error as an outage, and keeps every error it was asked about. */
function watchKnowing(outage: unknown) {
  const asked: unknown[] = [];
  const watch = {
    answer: (error: unknown) => {
      asked.push(error);
      return error === outage ? unavailable('The database is unreachable', 5) : null;
    },
  } as unknown as OutageWatch;
  return { watch, asked };
}

/** Runs the handler on `caught` and says what `answer` was handed, if anything. */
function handle(outages: OutageWatch | undefined, caught: unknown, res = response(false)) {
  const handed: unknown[] = [];
  const handler = answerErrors(outages, (error) => void handed.push(error));
  handler(caught, {} as Request, res as unknown as Response, (() => undefined) as NextFunction);
  return { handed, res };
}

describe('answerErrors: the steps every error answer shape shares', () => {
  it('cuts a response whose headers are already sent, and answers nothing on it', () => {
    const { watch, asked } = watchKnowing(undefined);
    const { handed, res } = handle(watch, new Error('after the first byte'), response(true));
    expect({ handed, asked, destroyed: res.destroyed }).toEqual({ handed: [], asked: [], destroyed: true });
  });

  it('hands an outage the watch recognises to the answer as its 503 domain error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const { watch } = watchKnowing(refused);
    const [handed] = handle(watch, refused).handed;
    expect(handed).toMatchObject({ name: 'DomainError', code: 'UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it('hands a domain error as it is, without asking the watch', () => {
    const { watch, asked } = watchKnowing(undefined);
    const error = notFound();
    expect({ handed: handle(watch, error).handed, asked }).toEqual({ handed: [error], asked: [] });
  });

  it('hands any other error as it is, whether a watch does not know it or there is none', () => {
    const error = new Error('a bug');
    const { watch, asked } = watchKnowing(undefined);
    expect(handle(watch, error).handed).toEqual([error]);
    expect(asked).toEqual([error]);
    expect(handle(undefined, error).handed).toEqual([error]);
  });
});
