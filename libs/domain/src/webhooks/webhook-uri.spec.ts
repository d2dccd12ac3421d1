import { webhookUriError, WEBHOOK_URI_MAX_LENGTH } from './webhook-uri.js';

describe('SPEC.md "Webhook" uri — webhookUriError', () => {
  it.each([
    'https://hooks.example/in',
    'http://hooks.example',
    'https://hooks.example:8443/a/b?c=d',
    'http://127.0.0.1:9000/sink',
    'https://[2001:db8::1]/hook',
    `https://h.example/${'x'.repeat(WEBHOOK_URI_MAX_LENGTH - 'https://h.example/'.length)}`,
  ])('accepts %s', (uri) => {
    expect(webhookUriError(uri)).toBeNull();
  });

  it.each([
    ['', "Uri can't be blank"],
    ['   ', "Uri can't be blank"],
    ['hooks.example/in', 'Uri is not an absolute URI'],
    ['//hooks.example/in', 'Uri is not an absolute URI'],
    ['mailto:ops@widget.example', 'Uri must be an http or https URI'],
    ['file:///etc/passwd', 'Uri must be an http or https URI'],
    ['https://u@hooks.example/', 'Uri must not contain a user name or password'],
    ['https://u:p@hooks.example/', 'Uri must not contain a user name or password'],
    [' https://hooks.example/', 'Uri must not contain spaces or control characters'],
    ['https://hooks.example/\nx', 'Uri must not contain spaces or control characters'],
    [`https://h.example/${'x'.repeat(WEBHOOK_URI_MAX_LENGTH)}`, `Uri is too long (maximum is ${WEBHOOK_URI_MAX_LENGTH} characters)`],
  ])('refuses %j: %s', (uri, message) => {
    expect(webhookUriError(uri)).toBe(message);
  });
});
