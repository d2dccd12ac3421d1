import { carriesCredentials, withoutCredentials } from './uri-credentials.js';

describe('credentials in a URI', () => {
  it.each(['https://user:pw@app.example/cb', 'https://user@app.example/cb', 'https://:pw@app.example/cb'])('finds them in %s', (uri) => {
    expect(carriesCredentials(new URL(uri))).toBe(true);
  });

  it.each(['https://app.example/cb', 'https://app.example/cb?user=a@b', 'https://app.example/a@b'])('finds none in %s', (uri) => {
    expect(carriesCredentials(new URL(uri))).toBe(false);
  });

  it('shows a URI without them', () => {
    expect(withoutCredentials(new URL('https://user:pw@app.example:8443/cb?x=1'))).toBe('https://app.example:8443/cb?x=1');
  });
});
