import { createCipheriv, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptOldRsaToken, decryptOldToken, deriveOldKeyAndIv, openOldToken } from './old-token';

/** What the old console's password branch stored for `text` (its createCipher, hex). */
function createCipherLike(text: string, password: string): string {
  const { key, iv } = deriveOldKeyAndIv(password);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return cipher.update(text, 'utf8', 'hex') + cipher.final('hex');
}

// Node 20's own deprecated createCipher('aes-256-cbc', 'k') encrypts 'a' to this value: the
// derivation must match it byte for byte, or no real token would decrypt.
const NODE_CREATE_CIPHER_OF_A_UNDER_K = 'd2be5d8e320c91d45f8137bbc306aca5';

describe('decryptOldToken', () => {
  it('reads what the deprecated createCipher wrote', () => {
    expect(decryptOldToken(NODE_CREATE_CIPHER_OF_A_UNDER_K, 'k')).toBe('a');
  });

  it('round-trips a long refresh token under the old default password', () => {
    const password = 'supercalifragolisticexpialodocious';
    const token = '5Aep861TSESvWeug_xvFHRBTTbf_YrTWgEyjBJrqKSwQ2pvQdm6B0wBB8Na9h3RhLWs2kQ.RrTFRcIJ';
    const { key, iv } = deriveOldKeyAndIv(password);
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    const hex = cipher.update(token, 'utf8', 'hex') + cipher.final('hex');
    expect(decryptOldToken(hex, password)).toBe(token);
    expect(decryptOldToken(hex, 'wrong password')).not.toBe(token);
  });

  it('returns null for values that are not the old hex form', () => {
    expect(decryptOldToken('not hex', 'k')).toBeNull();
    expect(decryptOldToken('', 'k')).toBeNull();
    expect(decryptOldToken('abcd', 'k')).toBeNull();
  });
});

describe('decryptOldRsaToken', () => {
  // Made by node-rsa 1.1.1 as the old console used it (new NodeRSA(pem), default options,
  // encrypt(token, 'base64')) with a 1024-bit key: two OAEP blocks for a 126-character token.
  const PEM =
    '-----BEGIN RSA PRIVATE KEY-----\nMIICWwIBAAKBgQC7Yf3p4Ntg0zeZEdDJJsTeON/H6dpmMgedtIpe29eAuG7edjur\nHw3naDKpT/FaaCHNAca/52e0HTQaCKXY7IRu5+pYXHrIHdhuoPEdv34SqyBTsZ9d\nhlne8bcm79pnxQsuPHtvk2yyOGpFrot2D4M+Ld7jrFK3PKjBlt3dGcoZHQIDAQAB\nAoGAGRy92a0v2V8VMWdo0rxmX93BZ9pYUZ/c027RqHrP+8k72oZ/4qQLyfp156j2\nEIaqGP5m82sAw+uyAtcr2tF/wd6QP91LZJNfDVTpuue7vdQvNcwQsLDxM4Z9Y9S0\nuK9Q/YfxzCI+R3zx6+ZveizD0HHGUfryn5vZH2WcboE1ckECQQDbC3aH06UDSuNn\nSOs0i1z5ANI34TdHRyGEEa6Lr2V3Q7L0kuGYLYfbb3DdbRqKdMwdxrjKFScR8yF9\nkltCzXCNAkEA2v8MVzIdZdJl8mtfW5CkYm72LEjPT5pRtY4VuaQEUFqIodjfAm8e\n1/CiYbxvKG1I1N/GWOGWY/3YVOB5qO+O0QJASPS0ceDoIQScYRZEYKfaO4UufzYf\n9zmVzCsne5bbsLF3tUYGpWzkxw2DBf0EzgDAy1oYyhXpgWz9Rpmsk79hMQJATAmQ\nXFovMOJruU8kreM74F2MpfWl3YrEYhhyXKGhSdEVbbSiQfMZL3sCtpK5ubywNBF6\nifPRxugli9rhAxIicQJAXDxAk/32r8nw35TTEp4gTWJI5JbbIcrHSsLcB7EI1bs5\n4BlirBgGsaWCYpS8pN88JDhUazEOtNLxVsDjeCXc+A==\n-----END RSA PRIVATE KEY-----';
  const SEALED =
    'gPGjqF3eWMw0QKtRM+z7xwKWXLjA1VY6V/DzSA+da5TRw9glVnLw3fYms1ay7MtgUYD5QnMFDH9Wh7Z1uVmVm4r5RgC/4MbEn11/xvZ+lyqDjeSPNLxSVl1AjFR1LPx+3A30kMF3UpuCU7WdxtmyFVz2RKZNSEKTRIo0fZhiNhaJws8vzhlvdbH1jYBUxDJgjabZfhrjzZOIXfUW3xPgj058BYbBpNjU1Wp3T/99PszWtPvSpXSbzMRDy99Qwas1S6mUNr7gBgqpJ99gBmEeKS1kfar53lHwvLNcAPfjSUhiR9EbRkUGtRp9d0nuvKV263/RB2FwhwXUnKHE3YHpGw==';
  const TOKEN =
    '00Dxx0000000001!AQ4AQFakeAccessTokenForTheImportTest.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789';

  it('opens what node-rsa sealed, block by block', () => {
    expect(decryptOldRsaToken(SEALED, PEM)).toBe(TOKEN);
    expect(openOldToken(SEALED, { rsaPrivateKeyPem: PEM, password: 'unused' })).toBe(TOKEN);
  });

  it('answers null for another key, a cut value or text that is not base64', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    }) as string;
    expect(decryptOldRsaToken(SEALED, other)).toBeNull();
    expect(decryptOldRsaToken(SEALED.slice(0, 100), PEM)).toBeNull();
    expect(decryptOldRsaToken('not base64!', PEM)).toBeNull();
  });

  it('falls back to the password when the RSA key does not open the value, as the old console did', () => {
    const sealed = createCipherLike('refresh-token', 'secret');
    expect(openOldToken(sealed, { rsaPrivateKeyPem: PEM, password: 'secret' })).toBe(
      'refresh-token',
    );
  });
});
