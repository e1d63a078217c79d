import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SecretBox, resolveSecretKey } from './secrets';

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

describe('resolveSecretKey', () => {
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
