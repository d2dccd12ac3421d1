import { ATTACHMENT_KEY_PATTERN, attachmentContentType, attachmentFileErrors, attachmentFilename, generateAttachmentKey } from './attachment-file.js';

describe('attachment files — what an upload is stored as', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\notes.txt', 'notes.txt'],
    ['bad\u0000name\u001f.txt', 'badname.txt'],
    ['  spaced.txt  ', 'spaced.txt'],
    ['', 'attachment'],
    [undefined, 'attachment'],
    ['dir/..', 'attachment'],
  ])('names %j %j', (raw, expected) => {
    expect(attachmentFilename(raw)).toBe(expected);
  });

  it('shortens a long name to 255 characters and keeps its extension', () => {
    const name = attachmentFilename(`${'n'.repeat(300)}.png`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('n.png')).toBe(true);
  });

  it.each([
    ['image/png', 'image/png'],
    ['Text/HTML; charset=utf-8', 'text/html'],
    ['application/vnd.ms-excel', 'application/vnd.ms-excel'],
    ['image', 'application/octet-stream'],
    ['not a type', 'application/octet-stream'],
    ['text/html, image/png', 'application/octet-stream'],
    [undefined, 'application/octet-stream'],
  ])('types %j as %j', (raw, expected) => {
    expect(attachmentContentType(raw)).toBe(expected);
  });

  it('refuses an empty file only', () => {
    expect(attachmentFileErrors(0)).toEqual([['file', "File can't be empty"]]);
    expect(attachmentFileErrors(1)).toEqual([]);
  });

  it('makes keys nobody can guess, of one shape', () => {
    const keys = new Set(Array.from({ length: 100 }, generateAttachmentKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(ATTACHMENT_KEY_PATTERN);
  });
});
