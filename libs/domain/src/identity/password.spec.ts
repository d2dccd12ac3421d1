import { hashPassword, verifyPassword } from './password.js';

describe('password digests', () => {
  it('verify the right password and refuse others, with a fresh salt each time', async () => {
    const digest = await hashPassword('correct horse');
    expect(digest).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', digest)).toBe(true);
    expect(await verifyPassword('wrong horse', digest)).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(digest);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
