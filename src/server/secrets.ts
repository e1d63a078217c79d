// SECRET_KEY handling and authenticated encryption (AES-256-GCM) of tokens at rest.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

const SECRET_FILE = 'secret.key';

/**
 * The configured SECRET_KEY; in demo mode without one, a random key generated once and kept in
 * DATA_DIR so that stored tokens and sessions survive restarts.
 */
export function resolveSecretKey(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (!config.demoMode) throw new Error('SECRET_KEY is required outside demo mode');
  const file = join(config.DATA_DIR, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

/** Encrypts and decrypts short secrets (OAuth tokens) with a key derived for that purpose. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string, purpose = 'token-encryption') {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'pushboard', purpose, 32));
  }

  /** 'v1.<iv>.<tag>.<ciphertext>' in base64url; a new random IV every time. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was tampered with or sealed under another key. */
  decrypt(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) {
      throw new Error('Not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
