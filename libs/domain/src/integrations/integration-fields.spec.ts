import { applicationFieldErrors, integrationFieldErrors } from './integration-fields.js';

describe('integration fields', () => {
  it('needs a name on create, not on update', () => {
    expect(integrationFieldErrors({}, true)).toEqual([['name', "Name can't be blank"]]);
    expect(integrationFieldErrors({}, false)).toEqual([]);
  });

  it('refuses a blank or too long name and a description over 64 KB, all at once', () => {
    expect(integrationFieldErrors({ name: '  ', description: 'x'.repeat(65_536) }, false)).toEqual([
      ['name', "Name can't be blank"],
      ['description', 'Description is too long (maximum is 65535 characters)'],
    ]);
    expect(integrationFieldErrors({ name: 'n'.repeat(191) }, false)).toEqual([['name', 'Name is too long (maximum is 190 characters)']]);
  });

  it('accepts a name and a null description', () => {
    expect(integrationFieldErrors({ name: 'Monitoring bridge', description: null }, true)).toEqual([]);
  });
});

describe('OAuth application fields', () => {
  it('needs a name and a redirect URI on create', () => {
    expect(applicationFieldErrors({}, true)).toEqual([
      ['name', "Name can't be blank"],
      ['redirect_uris', 'At least one redirect URI is required'],
    ]);
  });

  it('never accepts an empty list of redirect URIs, and names each bad one', () => {
    expect(applicationFieldErrors({ redirect_uris: [] }, false)).toEqual([['redirect_uris', 'At least one redirect URI is required']]);
    expect(applicationFieldErrors({ redirect_uris: ['https://ok.example/cb', 'http://bad.example/cb', '/relative'] }, false)).toEqual([
      ['redirect_uris', "'http://bad.example/cb' must use https (plain http only on localhost)"],
      ['redirect_uris', "'/relative' is not an absolute URI"],
    ]);
  });

  it('allows at most 10 redirect URIs', () => {
    const uris = Array.from({ length: 11 }, (_, i) => `https://app.example/cb${i}`);
    expect(applicationFieldErrors({ redirect_uris: uris }, false)).toEqual([['redirect_uris', 'At most 10 redirect URIs are allowed']]);
  });
});
