import { JwksClient } from 'jwks-rsa';
import { generateKeyPairSync } from 'node:crypto';
test('jwks-rsa loads', async () => {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'ES256', use: 'sig' };
  const c = new JwksClient({ jwksUri: 'x', fetcher: async () => ({ keys: [jwk] }) });
  const k = await c.getSigningKey('k1');
  expect(k.getPublicKey()).toContain('PUBLIC KEY');
});
