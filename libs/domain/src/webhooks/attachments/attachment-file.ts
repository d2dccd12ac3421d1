/**
 * What an uploaded file is stored as:
 * - `filename`: the last segment of the name the client gave (no folders,
 *   no control characters), at most 255 characters keeping the extension;
 *   none given: `attachment`.
 * - `content_type`: the `type/subtype` the client gave, lower-cased, without
 *   parameters; anything that is not one: `application/octet-stream`. The
 *   download sends it with `nosniff` and as an attachment, so a wrong type
 *   cannot make a browser run the file.
 * - a file must have at least one byte.
 * - `key`: 32 random URL-safe characters after `att_`: the upload's handle,
 *   which nobody can guess.
 */
import { randomBytes } from 'node:crypto';
import type { FieldError } from '../../errors/domain-error.js';

export const FILENAME_MAX_LENGTH = 255;
export const DEFAULT_FILENAME = 'attachment';
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
export const ATTACHMENT_KEY_PATTERN = /^att_[A-Za-z0-9_-]{32}$/;

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);

export function attachmentFilename(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').split(/[/\\]/).pop()!.trim();
  if (name === '' || name === '.' || name === '..') return DEFAULT_FILENAME;
  if (name.length <= FILENAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return name.slice(0, FILENAME_MAX_LENGTH - extension.length) + extension;
}

export function attachmentContentType(raw: string | undefined): string {
  const essence = (raw ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(essence) ? essence : DEFAULT_CONTENT_TYPE;
}

export function attachmentFileErrors(size: number): FieldError[] {
  return size === 0 ? [['file', "File can't be empty"]] : [];
}

export function generateAttachmentKey(): string {
  return `att_${randomBytes(24).toString('base64url')}`;
}
