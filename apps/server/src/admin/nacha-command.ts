import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCutoffDate } from '../modules/nacha/nacha.service';
import type { AdminContext } from './commands';

const USAGE = 'Usage: npm run admin -- nacha-file <YYYY-MM-DD> [--tenant <guid>] [--out <file>]';

/**
 * The e-check file of a cut-off date, generated once (again: the same file, nothing added). Prints
 * the file itself (to redirect), or with --out writes it and prints where and its totals.
 */
export async function nachaFileCommand({ services }: AdminContext, argument: string | undefined) {
  const words = (argument ?? '').trim().split(/\s+/).filter(Boolean);
  const option = (name: string) => {
    const at = words.indexOf(name);
    if (at < 0) return undefined;
    const value = words[at + 1];
    if (!value || value.startsWith('--')) throw new Error(USAGE);
    words.splice(at, 2);
    return value;
  };
  const tenant = option('--tenant') ?? 'default';
  const out = option('--out');
  if (words.length !== 1) throw new Error(USAGE);
  const cutoffDate = parseCutoffDate(words[0]);
  const tenantId = await services.apiKeys.tenantIdOf(tenant);
  const { created, file } = await services.nacha.generate(tenantId, cutoffDate);
  const { content } = await services.nacha.download(tenantId, file.id);
  if (!out) return content.trimEnd();
  const target = path.resolve(out);
  await writeFile(target, content, 'ascii');
  return `${target}\n${created ? 'Generated' : 'Already generated'} ${file.fileName}: ${file.entryCount} e-check(s), ${file.totalDebit} USD debited, entry hash ${file.entryHash}`;
}
