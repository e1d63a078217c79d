// SECRET_KEY handling and authenticated encryption (AES-256-GCM) of tokens at rest.
// SECRET_KEY may list several keys ('new,previous'): values are sealed under the first and
// opened under any, so a key can be rotated while the rekey-secrets job re-seals stored tokens.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { AppError } from './errors';

const SECRET_FILE = 'secret.key';

/**
 * The configured SECRET_KEY list (current key first); in demo mode without one, a random key
 * generated once and kept in DATA_DIR so that stored tokens and sessions survive restarts.
 */
export function resolveSecretKeys(config: Config): string[] {
  if (config.secretKeys.length > 0) return [...config.secretKeys];
  if (!config.demoMode) throw new Error('SECRET_KEY is required outside demo mode');
  const file = join(config.DATA_DIR, SECRET_FILE);
  if (existsSync(file)) return [readFileSync(file, 'utf8').trim()];
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return [key];
}

/** The current key: HMAC signing of OAuth state and anything else that needs one key. */
export function resolveSecretKey(config: Config): string {
  const [current] = resolveSecretKeys(config);
  if (!current) throw new Error('SECRET_KEY is required outside demo mode');
  return current;
}

/**
 * A sealed value that none of the configured keys opens: sealed under a key no longer listed in
 * SECRET_KEY, altered, or not a sealed value at all. Names no key and no value. An AppError, so
 * a request that meets one answers a clear 502 instead of a bare 500.
 */
export class UnreadableSecretError extends AppError {
  constructor(
    message = 'A stored token cannot be opened with any key listed in SECRET_KEY (the key it was sealed under is no longer listed); connect again.',
  ) {
    super(502, 'Stored Token Unreadable', message);
  }
}

export interface OpenedSecret {
  plain: string;
  /** Whether it was sealed under the current (first) key; otherwise it wants re-sealing. */
  current: boolean;
}

/** Encrypts and decrypts short secrets (OAuth tokens) with keys derived for that purpose. */
export class SecretBox {
  /** Derived keys, current first. */
  private readonly keys: Buffer[];

  constructor(secretKeys: string | readonly string[], purpose = 'token-encryption') {
    const list = typeof secretKeys === 'string' ? [secretKeys] : secretKeys;
    if (list.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = list.map((key) => Buffer.from(hkdfSync('sha256', key, 'pushboard', purpose, 32)));
  }

  /** 'v1.<iv>.<tag>.<ciphertext>' in base64url under the current key; a new random IV every time. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws UnreadableSecretError when no configured key opens it (tampered, or an old key). */
  decrypt(sealed: string): string {
    return this.open(sealed).plain;
  }

  /**
   * Opens a value trying the current key, then the previous ones (GCM's tag tells which key
   * sealed it, so the format needs no key id), and says whether it was the current key.
   */
  open(sealed: string): OpenedSecret {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined || extra !== undefined) {
      throw new UnreadableSecretError('Not a sealed value');
    }
    for (const [index, key] of this.keys.entries()) {
      const plain = openWith(key, iv, tag, data);
      if (plain !== undefined) return { plain, current: index === 0 };
    }
    throw new UnreadableSecretError();
  }

  /** Whether the value opens under the current key (false for old keys and unreadable values). */
  isCurrent(sealed: string): boolean {
    try {
      return this.open(sealed).current;
    } catch {
      return false;
    }
  }

  private get current(): Buffer {
    return this.keys[0] as Buffer;
  }
}

function openWith(key: Buffer, iv: string, tag: string, data: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
