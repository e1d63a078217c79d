// The old console's password-based token encryption (AES-256-CBC, EVP_BytesToKey with MD5, hex),
// for generated test data only; the import itself only decrypts (old-token.ts).
import { createCipheriv } from 'node:crypto';
import { deriveOldKeyAndIv } from '../old-token';

export function encryptOldToken(plain: string, password: string): string {
  const { key, iv } = deriveOldKeyAndIv(password);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return cipher.update(plain, 'utf8', 'hex') + cipher.final('hex');
}
