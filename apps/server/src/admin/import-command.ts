import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { LEDGER_KINDS, type TLedgerKind, type TLoadReport } from '@settle/shared/integration';
import { csvRows, ndjsonRows } from '../modules/integration/ledger-rows';
import type { AdminContext } from './commands';

export const IMPORT_USAGE = `Usage: npm run import -- <${LEDGER_KINDS.join('|')}> --file <file.csv|file.ndjson> [--tenant <guid>] [--atomic]`;

/** Loads a ledger file as the API's streamed load does (same rows, same refusals); CSV or NDJSON by extension. */
export async function importCommand(
  context: AdminContext,
  argument: string | undefined,
  onProgress?: (report: TLoadReport) => void,
): Promise<string> {
  const words = (argument ?? '').trim().split(/\s+/).filter(Boolean);
  const kind = words[0] as TLedgerKind;
  const option = (name: string) => {
    const index = words.indexOf(name);
    return index >= 0 ? words[index + 1] : undefined;
  };
  const file = option('--file');
  if (!(LEDGER_KINDS as readonly string[]).includes(kind) || !file) throw new Error(IMPORT_USAGE);
  const absolute = path.resolve(file);
  await access(absolute).catch(() => {
    throw new Error(`Cannot read ${absolute}`);
  });
  const tenantId = await context.services.apiKeys.tenantIdOf(option('--tenant') ?? 'default');
  const stream = createReadStream(absolute);
  const rows = /\.(nd)?jsonl?$/i.test(absolute) ? ndjsonRows(stream) : csvRows(stream);
  const report = await context.services.ledgerLoad.load({
    tenantId,
    kind,
    rows,
    atomic: words.includes('--atomic'),
    onProgress,
  });
  // A users load emails activation links in the background: the command ends once they are sent.
  await context.services.background.drain();
  const lines = [
    `${kind}: ${report.received} row(s) read; ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.refused} refused${report.committed ? '' : ' (all-or-nothing: nothing loaded)'}`,
    ...report.errors.map(
      (error) => `  line ${error.line}${error.key ? ` (${error.key})` : ''}: ${error.reason}`,
    ),
  ];
  return lines.join('\n');
}
