import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { ed25519Jws, hmacJws, jwsHeaderSegment, unsecuredJws } from './compact-jws.js';

const claims = { data: { event: 'request.create', name: 'ünïcode ✓' }, iss: 'https://api.example/v1/accounts/wdc', jti: 'd-1', sub: '7', iat: 1_700_000_000, nbf: 1_700_000_000, exp: 4_000_000_000 };

describe('compact JWS of webhook messages', () => {
  it.each([256, 384, 512] as const)('HS%i: the very token jose makes, and jose verifies it', async (bits) => {
    const secret = new Uint8Array(randomBytes(32));
    const header = { alg: `HS${bits}`, typ: 'JWT' as const, kid: 'key-1' };
    const ours = hmacJws(header, JSON.stringify(claims), secret, bits);
    expect(ours).toBe(await new SignJWT(claims).setProtectedHeader(header).sign(secret));
    // The header encoded once and given as its segment makes the same token.
    expect(hmacJws(jwsHeaderSegment(header), JSON.stringify(claims), secret, bits)).toBe(ours);
    const { payload, protectedHeader } = await jwtVerify(ours, secret);
    expect(payload).toEqual(claims);
    expect(protectedHeader).toEqual(header);
  });

  it('EdDSA (Ed25519): the very token jose makes, and jose verifies it with the public key; a changed payload fails', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const header = { alg: 'EdDSA', typ: 'JWT' as const };
    const ours = ed25519Jws(header, JSON.stringify(claims), privateKey);
    expect(ours).toBe(await new SignJWT(claims).setProtectedHeader(header).sign(privateKey));
    expect((await jwtVerify(ours, publicKey)).payload).toEqual(claims);
    const [h, , sig] = ours.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url')}.${sig}`;
    await expect(jwtVerify(forged, publicKey)).rejects.toThrow();
  });

  it('alg none: the very token jose\'s UnsecuredJWT makes', () => {
    expect(unsecuredJws(JSON.stringify(claims))).toBe(new UnsecuredJWT(claims).encode());
  });
});
