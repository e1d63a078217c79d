import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptOldToken, deriveOldKeyAndIv } from './old-token';

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
