/**
 * `GET /v1/requests/:id/feedback?account=…&answer=satisfied|dissatisfied&sig=…`:
 * the links of SPEC.md "Request" `feedback.requested_by`, clicked in an e-mail
 * by the requested_by person. The link's signature is its only credential: no
 * token, no account header. Steps: count against the rate windows of the
 * caller's address → record the answer (recordRequestFeedback) → a small page
 * for a browser (request-feedback.page.ts), JSON for a client that asks for it.
 * - Any link the service did not issue, or no longer honours, is the same 404:
 *   the page for a browser, the API's `{"message":"Not Found"}` otherwise.
 * - HEAD (mail systems' link checkers) checks the link and records nothing.
 * - Nothing of it may be cached: the answer depends on the request's state.
 */
import { z } from 'zod';
import { FEEDBACK_ANSWERS, isDomainError, notFound, type FeedbackAnswer, type FeedbackClick } from '@tessera/domain';
import { defineRoute, type RouteTable } from '@tessera/http';
import type { Request, Response } from 'express';
import type { ApiServices } from '../services.js';
import { NOT_FOUND_BODY, sendFeedbackPage, thanksBody } from './request-feedback.page.js';
import { requestIdOf } from './requests.routes.js';

const PARAMS = z.object({ id: z.string().describe('The request id') });
const QUERY = z.object({
  account: z.string().describe('The account of the request'),
  answer: z.enum(FEEDBACK_ANSWERS).describe('What `satisfaction` becomes'),
  sig: z.string().describe('The link’s signature (HMAC-SHA256, base64url), made by the service; any other value is not found'),
});

const thanksSchema = z.object({
  message: z.literal('Thank you for your feedback'),
  request_id: z.int(),
  satisfaction: z.enum(FEEDBACK_ANSWERS),
}).describe('The answer recorded');

/** Whatever the query holds, for the use case to judge (a repeated or nested parameter is no string); null: no request id. */
function clickOf(params: Record<string, string | undefined>, query: Record<string, unknown>): FeedbackClick | null {
  const requestId = requestIdOf(params['id']);
  return requestId === null ? null : { requestId, account: query['account'], answer: query['answer'], signature: query['sig'] };
}

export function requestFeedbackRoutes(services: ApiServices): RouteTable {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/requests/:id/feedback',
      operationId: 'answerRequestFeedback',
      tag: 'requests',
      summary: 'Record the requester’s satisfaction from a feedback link',
      description:
        'The `feedback.requested_by.satisfied_url` and `dissatisfied_url` of a request, as the request shows them: sets its `satisfaction`, ' +
        'with an audit line naming the requested_by person (source `Feedback`) and `request.update`. The other link changes the answer; the ' +
        'same one again changes nothing. Answers an HTML page, or JSON with `Accept: application/json`. A link whose request is gone or ' +
        'has another requested_by since, or that the service did not make, is not found. HEAD checks the link and records nothing.',
      needs: { public: 'The link’s signature is the credential: a requester clicks it in an e-mail, signed in nowhere', rateLimit: 'address' },
      input: { params: PARAMS, query: QUERY, parse: ({ params, query }) => clickOf(params, query) },
      responses: { 200: { description: 'The answer is recorded (HTML page, or JSON when asked for)', schema: thanksSchema } },
      errors: [404],
      handler: async ({ req, res, input: click }) => {
        try {
          if (!click) throw notFound();
          if (req.method === 'HEAD') {
            const { request, answer } = await services.checkFeedbackLink(click);
            answerWith(req, res, request, answer);
            return;
          }
          const { request } = await services.recordRequestFeedback(click);
          answerWith(req, res, request, request.satisfaction as FeedbackAnswer);
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'NOT_FOUND') throw error;
          if (!wantsJson(req)) return sendFeedbackPage(res, 404, 'Not Found', NOT_FOUND_BODY);
          res.set('Cache-Control', 'no-store');
          throw notFound();
        }
      },
    }),
  ];
}

function wantsJson(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'json';
}

function answerWith(req: Request, res: Response, request: { id: number; subject: string }, answer: FeedbackAnswer): void {
  if (!wantsJson(req)) return sendFeedbackPage(res, 200, 'Thank you for your feedback', thanksBody(request, answer));
  res.set('Cache-Control', 'no-store').json({ message: 'Thank you for your feedback', request_id: request.id, satisfaction: answer });
}
