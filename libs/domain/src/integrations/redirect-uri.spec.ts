import { redirectUriError } from './redirect-uri.js';

describe('redirect URIs of an OAuth application', () => {
  it.each(['https://app.example/callback', 'https://app.example:8443/oauth/cb?x=1', 'http://localhost:8080/callback', 'http://127.0.0.1/cb', 'http://[::1]:3000/cb'])(
    'accepts %s',
    (uri) => {
      expect(redirectUriError(uri)).toBeNull();
    },
  );

  it.each([
    ['/callback', "'/callback' is not an absolute URI"],
    ['callback', "'callback' is not an absolute URI"],
    ['ftp://app.example/cb', "'ftp://app.example/cb' is not an http or https URI"],
    ['javascript:alert(1)', "'javascript:alert(1)' is not an http or https URI"],
    ['http://app.example/callback', "'http://app.example/callback' must use https (plain http only on localhost)"],
    ['http://localhost.evil.example/cb', "'http://localhost.evil.example/cb' must use https (plain http only on localhost)"],
    ['https://app.example/cb#top', "'https://app.example/cb#top' must not contain a fragment"],
    ['https://user:pw@app.example/cb', "'https://app.example/cb' must not contain a user name or password"],
    ['https://user@app.example/cb', "'https://app.example/cb' must not contain a user name or password"],
    ['http://user:pw@app.example/cb', "'http://app.example/cb' must not contain a user name or password"],
  ])('refuses %s', (uri, message) => {
    expect(redirectUriError(uri)).toBe(message);
  });

  it('refuses a URI longer than 2000 characters', () => {
    expect(redirectUriError(`https://app.example/${'a'.repeat(2000)}`)).toMatch(/is too long \(maximum is 2000 characters\)$/);
  });
});
