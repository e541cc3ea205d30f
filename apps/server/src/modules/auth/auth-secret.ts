import { createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AppConfig, IN_MEMORY } from '../../config';

const SECRET_FILE = 'auth-secret';

/**
 * The key for the HMACs of sign-in codes and of pre-login answers. AUTH_SECRET wins; without
 * it a key is generated once and kept in DATA_DIR, because answers for unknown login names
 * must stay the same across restarts (a change would tell them apart from real ones). An
 * in-memory instance (tests) gets a key per process and writes nothing.
 */
export async function resolveAuthSecret(config: AppConfig): Promise<string> {
  if (config.authSecret) return config.authSecret;
  if (config.dataDir === IN_MEMORY) return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, SECRET_FILE);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const created = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${created}\n`, { mode: 0o600, flag: 'w' });
  await chmod(file, 0o600);
  return created;
}

export type Keyed = { hmac(...parts: string[]): string };

/** HMAC-SHA256 over the parts, separated so that ("ab","c") and ("a","bc") differ. */
export function createKeyed(secret: string): Keyed {
  return {
    hmac: (...parts) => createHmac('sha256', secret).update(parts.join('\u0000')).digest('hex'),
  };
}
