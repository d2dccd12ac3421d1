import type { ErrorRequestHandler, Request, Response } from 'express';
import { isDomainError } from '@tessera/domain';
import type { OutageWatch } from './outage-watch.js';

/**
 * An Express error handler that answers in its own shape (REST's, the auth app's OAuth one) on
 * the steps every shape shares: a response already begun is cut, since nothing more can be said
 * on it; an error the outage watch recognises (a watched dependency unreachable) reaches `answer`
 * as the domain error it stands for, so it is answered and logged as that outage.
 */
export function answerErrors(outages: OutageWatch | undefined, answer: (error: unknown, req: Request, res: Response) => void): ErrorRequestHandler {
  return (caught, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    answer((!isDomainError(caught) && outages?.answer(caught)) || caught, req, res);
  };
}
