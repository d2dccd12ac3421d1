/**
 * Reading the one file of `POST /v1/attachments` (multipart/form-data, a part
 * named `file` with a filename) with busboy, straight from the request stream
 * (the shared body parsers leave multipart alone):
 * - another Content-Type → 415;
 * - a declared or actual file size above the limit → 413, and no more than
 *   the limit is ever held in memory;
 * - a malformed body → 400; no `file` part, more than one, or any other part
 *   (a text field too) → 422, every one of them named; the file's own
 *   problems (an empty one) are the use case's, which reports them with these.
 * The rest of a refused body is read and dropped, so the client gets the answer.
 */
import type { Request } from 'express';
import busboy from 'busboy';
import { badParameter, validationFailed, withInputProblems, type FieldError, type UploadedFile } from '@tessera/domain';

/** Room for the part headers and boundaries around the file when the declared length is checked. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** File parts read, to name the ones that should not be there; one is stored. */
const MAX_FILE_PARTS = 20;

/** The error shape the shared error handler answers for a 4xx raised outside the domain. */
function httpError(status: 413 | 415, type: string, message: string): Error {
  return Object.assign(new Error(message), { status, type, expose: true });
}

export const payloadTooLarge = () => httpError(413, 'entity.too.large', 'The file is larger than the attachment limit');
const notMultipart = () => httpError(415, 'attachment.not.multipart', 'Send the file as multipart/form-data');

export function receiveFile(req: Request, maxBytes: number): Promise<UploadedFile> {
  if (!req.is('multipart/form-data')) return Promise.reject(notMultipart());
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) return Promise.reject(payloadTooLarge());
  return new Promise((resolve, reject) => {
    let settled = false;
    let file: UploadedFile | undefined;
    let refusal: Error | undefined;
    const problems: FieldError[] = [];
    let fileParts = 0;
    const otherPart = (name: string) => problems.push([name.slice(0, 80), "Only a part named 'file' is read"]);
    const settle = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      req.unpipe();
      req.resume();
      if (error) reject(error);
      else if (file) resolve(withInputProblems(file, problems));
      else reject(validationFailed([...problems, ['file', "File can't be blank: send it in a part named 'file', with a filename"]]));
    };
    let parser: busboy.Busboy;
    try {
      // fileSize one byte above the limit: busboy calls a file of exactly `fileSize` bytes truncated.
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: MAX_FILE_PARTS, fileSize: maxBytes + 1, fields: 20, fieldSize: 1024, parts: 40 } });
    } catch (error) {
      settle(badParameter(`The multipart body cannot be read: ${(error as Error).message}`));
      return;
    }
    parser.on('file', (name, stream, info) => {
      if (name === 'file') fileParts += 1;
      if (name !== 'file') otherPart(name);
      else if (fileParts === 2) problems.push(['file', 'Send one file per upload']);
      if (name !== 'file' || fileParts > 1) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        refusal = payloadTooLarge();
        chunks.length = 0;
      });
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        if (stream.truncated || data.byteLength > maxBytes) refusal = payloadTooLarge();
        else file = { filename: info.filename, contentType: info.mimeType, data };
      });
    });
    // A text part named `file` is a file sent without a filename: the blank file says so.
    parser.on('field', (name) => {
      if (name !== 'file') otherPart(name);
    });
    parser.on('filesLimit', () => {
      problems.push(['(body)', `At most ${MAX_FILE_PARTS} file parts are read`]);
    });
    parser.on('error', (error: Error) => settle(badParameter(`The multipart body cannot be read: ${error.message}`)));
    parser.on('close', () => settle(refusal));
    req.on('error', (error) => settle(error));
    req.pipe(parser);
  });
}
