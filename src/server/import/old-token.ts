// Decrypts a token the old console stored in package_org.access_token / refresh_token with its
// password fallback: AES-256-CBC under a key and IV derived from the password by OpenSSL's
// EVP_BytesToKey (MD5, one round, no salt), hex-encoded. Node 22 drops the deprecated
// createCipher that produced these, so the derivation is written out over createDecipheriv.
// The old console's RSA variant is not handled here.
import { createDecipheriv, createHash } from 'node:crypto';

const KEY_LENGTH = 32;
const IV_LENGTH = 16;

export function deriveOldKeyAndIv(password: string): { key: Buffer; iv: Buffer } {
  const secret = Buffer.from(password, 'utf8');
  const blocks: Buffer[] = [];
  let previous = Buffer.alloc(0);
  while (Buffer.concat(blocks).length < KEY_LENGTH + IV_LENGTH) {
    previous = createHash('md5').update(previous).update(secret).digest();
    blocks.push(previous);
  }
  const material = Buffer.concat(blocks);
  return {
    key: material.subarray(0, KEY_LENGTH),
    iv: material.subarray(KEY_LENGTH, KEY_LENGTH + IV_LENGTH),
  };
}

/** The plain token, or null when the value is not hex or does not decrypt under this password. */
export function decryptOldToken(hex: string, password: string): string | null {
  if (!/^(?:[0-9a-f]{32})+$/i.test(hex)) return null;
  const { key, iv } = deriveOldKeyAndIv(password);
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, iv);
    return decipher.update(hex, 'hex', 'utf8') + decipher.final('utf8');
  } catch {
    return null;
  }
}
