import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SecretBox, UnreadableSecretError, resolveSecretKey, resolveSecretKeys } from './secrets';

describe('SecretBox', () => {
  const box = new SecretBox('a'.repeat(64));

  it('round-trips any text and never shows the plain text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (plain) => {
        const sealed = box.encrypt(plain);
        expect(box.decrypt(sealed)).toBe(plain);
        if (plain.length > 3) expect(sealed).not.toContain(plain);
      }),
      { seed: 4242 },
    );
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('token')).not.toBe(box.encrypt('token'));
  });

  it('rejects tampering and other keys', () => {
    const sealed = box.encrypt('00Dxx!refresh-token');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => box.decrypt(parts.join('.'))).toThrow();
    expect(() => new SecretBox('b'.repeat(64)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('plain-token')).toThrow('Not a sealed value');
  });
});

/** Lists of 1–4 distinct keys of at least 32 characters (what SECRET_KEY accepts). */
const keyLists = fc.uniqueArray(fc.string({ minLength: 32, maxLength: 48 }), {
  minLength: 1,
  maxLength: 4,
});
const plainText = fc.string({ minLength: 1, maxLength: 200 });

describe('SecretBox with a rotated SECRET_KEY', () => {
  it('round-trips under any key list, sealing under the first key', () => {
    fc.assert(
      fc.property(keyLists, plainText, (keys, plain) => {
        const box = new SecretBox(keys);
        const sealed = box.encrypt(plain);
        expect(box.open(sealed)).toEqual({ plain, current: true });
        expect(box.isCurrent(sealed)).toBe(true);
        // The current key alone opens it: nothing depends on the previous keys.
        expect(new SecretBox(keys.slice(0, 1)).decrypt(sealed)).toBe(plain);
      }),
      { seed: 4243 },
    );
  });

  it('opens a value sealed under any previous key and says it is not current', () => {
    fc.assert(
      fc.property(keyLists, fc.string({ minLength: 32 }), plainText, (old, newKey, plain) => {
        fc.pre(!old.includes(newKey));
        const sealedBefore = new SecretBox(old).encrypt(plain);
        const rotated = new SecretBox([newKey, ...old]);
        expect(rotated.open(sealedBefore)).toEqual({ plain, current: false });
        expect(rotated.isCurrent(sealedBefore)).toBe(false);
        const resealed = rotated.encrypt(rotated.decrypt(sealedBefore));
        expect(rotated.isCurrent(resealed)).toBe(true);
        expect(new SecretBox(newKey).decrypt(resealed)).toBe(plain);
      }),
      { seed: 4244 },
    );
  });

  it('throws on any tampering, under any key list', () => {
    fc.assert(
      fc.property(
        keyLists,
        plainText,
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 255 }),
        (keys, plain, at, part, flip) => {
          const box = new SecretBox(keys);
          const parts = box.encrypt(plain).split('.');
          const bytes = Buffer.from(parts[part] ?? '', 'base64url');
          const index = at % bytes.length;
          bytes[index] = (bytes[index] ?? 0) ^ flip;
          parts[part] = bytes.toString('base64url');
          expect(() => box.decrypt(parts.join('.'))).toThrow(UnreadableSecretError);
          expect(box.isCurrent(parts.join('.'))).toBe(false);
        },
      ),
      { seed: 4245 },
    );
  });

  it('a value sealed under a key no longer listed throws a typed error naming no secret', () => {
    fc.assert(
      fc.property(keyLists, keyLists, plainText, (before, after, plain) => {
        fc.pre(before.every((key) => !after.includes(key)));
        const sealed = new SecretBox(before).encrypt(plain);
        let thrown: unknown;
        try {
          new SecretBox(after).decrypt(sealed);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(UnreadableSecretError);
        const text = `${String(thrown)} ${(thrown as Error).stack ?? ''}`;
        for (const secret of [...before, ...after, plain]) {
          if (secret.trim().length >= 4) expect(text).not.toContain(secret);
        }
        expect(text).not.toContain(sealed);
      }),
      { seed: 4246 },
    );
  });
});

describe('resolveSecretKey', () => {
  it('lists every configured key, current first, and signs with the current one', () => {
    const [a, b] = ['a'.repeat(40), 'b'.repeat(40)];
    const config = loadConfig({ SECRET_KEY: `${a}, ${b}` });
    expect(resolveSecretKeys(config)).toEqual([a, b]);
    expect(resolveSecretKey(config)).toBe(a);
  });

  it('in demo mode generates a key once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-secret-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecretKey(config);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveSecretKey(config)).toBe(first);
  });

  it('prefers SECRET_KEY when set', () => {
    const key = 'x'.repeat(40);
    expect(resolveSecretKey(loadConfig({ SECRET_KEY: key }))).toBe(key);
  });
});

describe('SECRET_KEY as a rotation list', () => {
  const error = (value: string): string => {
    try {
      loadConfig({ SECRET_KEY: value });
    } catch (thrown) {
      return (thrown as Error).message;
    }
    return 'accepted';
  };

  it('refuses a short key anywhere in the list, and duplicates, without echoing a key', () => {
    const good = 'g'.repeat(40);
    const short = 'short-but-secret-value';
    const message = error(`${good},${short}`);
    expect(message).toMatch(/^Invalid configuration: SECRET_KEY must list keys of at least 32/);
    expect(message).not.toContain(short);
    expect(message).not.toContain(good);
    const twice = error(`${good},${good}`);
    expect(twice).toBe('Invalid configuration: SECRET_KEY must not list the same key twice');
    expect(error(`${good},`)).toMatch(/SECRET_KEY must list keys/);
  });

  it('keeps SECRET_KEY as the current key and every key in secretKeys', () => {
    const config = loadConfig({ SECRET_KEY: `${'n'.repeat(32)},${'o'.repeat(32)}` });
    expect(config.SECRET_KEY).toBe('n'.repeat(32));
    expect(config.secretKeys).toEqual(['n'.repeat(32), 'o'.repeat(32)]);
    expect(loadConfig({}).secretKeys).toEqual([]);
  });
});
