/**
 * REFERENCE.md "OAuth": token endpoint parameters come in the body, form-encoded
 * or as JSON. oidc-provider reads form bodies only, so a JSON body is parsed
 * here and handed on as the same parameters form-encoded, in a request of its
 * own on the same socket with the same method, URL and headers: the client
 * authenticates as with a form, by client_secret in the body or HTTP Basic.
 * A parameter is a string (numbers and booleans are taken as their text, null
 * as absent); anything else is invalid_request.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler } from 'express';
import { badParameter } from '@tessera/domain';

/** oidc-provider's own limit for a form body. */
const BODY_LIMIT = '56kb';

const parseJson = express.json({ limit: BODY_LIMIT, strict: false });

export function isJsonBody(req: Request): boolean {
  return req.method === 'POST' && req.is('application/json') === 'application/json';
}

/** Parses the JSON body and calls `handOn` with a form-encoded copy of the request; errors go to `next` (400 invalid_request). */
export function jsonAsForm(handOn: (req: IncomingMessage, res: ServerResponse) => void): RequestHandler {
  return (req, res, next) => {
    parseJson(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        handOn(formRequest(req, formOf(req.body)), res);
      } catch (refused) {
        next(refused);
      }
    });
  };
}

function formOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badParameter('the JSON body must be an object of parameters');
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw badParameter(`parameter '${name}' must be a string`);
    form.append(name, String(value));
  }
  return form.toString();
}

function formRequest(req: Request, form: string): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  // The JSON parser already undid any content-encoding.
  const { 'content-encoding': _encoding, 'transfer-encoding': _transfer, ...headers } = req.headers;
  copy.headers = { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)) };
  copy.push(form);
  copy.push(null);
  // Read in full: once it has ended, the copy leaves the socket open for the answer.
  copy.complete = true;
  return copy;
}
