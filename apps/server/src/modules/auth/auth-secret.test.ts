import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createKeyed, resolveAuthSecret } from './auth-secret';

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set', async () => {
    const secret = 's'.repeat(40);
    expect(await resolveAuthSecret(loadConfig({ AUTH_SECRET: secret }))).toBe(secret);
  });

  it('generates a key once in DATA_DIR, readable by the owner only, and reuses it after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-secret-'));
    const first = await resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = await resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes nothing for an in-memory instance', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.dataDir).toBe('memory://');
    const [one, two] = [await resolveAuthSecret(config), await resolveAuthSecret(config)];
    expect(one).not.toBe(two);
  });
});

describe('createKeyed', () => {
  it('depends on the key and keeps the parts apart', () => {
    const keyed = createKeyed('a'.repeat(32));
    expect(keyed.hmac('ab', 'c')).not.toBe(keyed.hmac('a', 'bc'));
    expect(keyed.hmac('x')).toBe(createKeyed('a'.repeat(32)).hmac('x'));
    expect(keyed.hmac('x')).not.toBe(createKeyed('b'.repeat(32)).hmac('x'));
  });
});
