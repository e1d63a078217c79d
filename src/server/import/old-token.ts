// Decrypts a token the old console stored in package_org.access_token / refresh_token with its
// password fallback: AES-256-CBC under a key and IV derived from the password by OpenSSL's
// EVP_BytesToKey (MD5, one round, no salt), hex-encoded. Node 22 drops the deprecated
// createCipher that produced these, so the derivation is written out over createDecipheriv.
// Its first choice, RSA (node-rsa with the private key PEM of CRYPT_KEY_RSA, its default OAEP
// padding with SHA-1, base64, one RSA block per slice of the token), is decrypted too; as the old
// console did, RSA is tried first and the password second.
import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
} from 'node:crypto';

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

/**
 * The plain token from a value node-rsa encrypted with the old console's RSA key (base64 of one
 * or more RSA blocks, OAEP with SHA-1), or null when it is not that.
 */
export function decryptOldRsaToken(base64: string, privateKeyPem: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  try {
    const key = createPrivateKey(privateKeyPem);
    const blockBytes = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
    const sealed = Buffer.from(base64, 'base64');
    if (blockBytes === 0 || sealed.length % blockBytes !== 0) return null;
    const parts: Buffer[] = [];
    for (let start = 0; start < sealed.length; start += blockBytes) {
      parts.push(
        privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
          sealed.subarray(start, start + blockBytes),
        ),
      );
    }
    return Buffer.concat(parts).toString('utf8');
  } catch {
    return null;
  }
}

/** The old console's keys: its CRYPT_KEY password and, when it used one, its RSA private key. */
export interface OldKeys {
  readonly password?: string | undefined;
  readonly rsaPrivateKeyPem?: string | undefined;
}

/** A stored token opened the way the old console opened it: RSA first, then the password. */
export function openOldToken(value: string, keys: OldKeys): string | null {
  const rsa = keys.rsaPrivateKeyPem ? decryptOldRsaToken(value, keys.rsaPrivateKeyPem) : null;
  if (rsa !== null) return rsa;
  return keys.password ? decryptOldToken(value, keys.password) : null;
}
