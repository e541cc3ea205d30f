import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildNachaFile, effectiveEntryDate, type NachaEntry } from './nacha-format';

/** The parser no one here wrote (see nacha-files.routes.test.ts). */
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from(text: string): {
    data: {
      file: { footer: Record<string, number> };
      batches: { entryClassCode: string; entries: unknown[]; footer: Record<string, number> }[];
    };
  };
};

const origin = loadConfig({}).nacha;
const entry = (index: number, overrides: Partial<NachaEntry> = {}): NachaEntry => ({
  routingNumber: '999999992',
  accountNumber: `ACC${index}`,
  accountType: 'Checking',
  amountCents: 100 + index,
  reference: `REF${index}`,
  name: `Payer ${index}`,
  ...overrides,
});

describe('NACHA format', () => {
  it('puts business accounts in a CCD batch, keeps the last 10 digits of the hash, and blocks by 10', () => {
    // 150 routing numbers of 99999999: the sum, 14,999,999,850, has 11 digits.
    const entries = [
      ...Array.from({ length: 148 }, (_, index) => entry(index)),
      entry(148, { business: true }),
      entry(149, { business: true }),
    ];
    const built = buildNachaFile(origin, { cutoffDate: '2026-07-03', createdAt: new Date() }, entries);
    expect(built.entryHash).toBe('4999999850');
    const lines = built.text.trimEnd().split('\n');
    // 1 header + (2 + 148) + (2 + 2) + 1 control = 156 records: 16 blocks, 4 lines of 9s.
    expect(lines).toHaveLength(160);
    expect(lines.slice(-4)).toEqual(Array(4).fill('9'.repeat(94)));
    const parsed = nacha.from(built.text).data;
    expect(parsed.batches.map((batch) => [batch.entryClassCode, batch.entries.length])).toEqual([
      ['PPD', 148],
      ['CCD', 2],
    ]);
    const totalCents = entries.reduce((sum, one) => sum + one.amountCents, 0);
    expect(parsed.file.footer).toMatchObject({
      batchCount: 2,
      blockCount: 16,
      entryAndAddendaCount: 150,
      entryHash: 4999999850,
      totalDebit: totalCents,
      totalCredit: 0,
    });
    expect(parsed.batches[1]!.footer).toMatchObject({ entryAndAddendaCount: 2, entryHash: 199999998 });
  });

  it('settles on the next weekday after the cut-off', () => {
    expect(effectiveEntryDate('2026-07-02')).toBe('2026-07-03'); // Thursday -> Friday
    expect(effectiveEntryDate('2026-07-03')).toBe('2026-07-06'); // Friday -> Monday
  });
});
