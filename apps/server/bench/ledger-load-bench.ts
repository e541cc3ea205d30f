import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { tenants } from '../src/db/schema/tenants';
import { createLedgerLoadService } from '../src/modules/integration/ledger-load.service';
import { ndjsonRows } from '../src/modules/integration/ledger-rows';

/**
 * The ledger load stage of `npm run bench -- --only ledger --ledger-invoices 100000`: writes N
 * invoices with 3 lines each to an NDJSON file, streams it through the API's loader (COPY into
 * staging, one merge), then the same file again unchanged, and prints rows per second, the peak
 * resident memory and the machine's load average of each. The file is written first so that
 * making it is not counted as loading it, as with `npm run import -- invoices --file`.
 */
export async function benchLedgerLoad({ db, engine, count }: { db: Db; engine: string; count: number }) {
  const [tenant] = await db
    .insert(tenants)
    .values({ guid: `ledger-bench-${Date.now()}`, name: 'Ledger bench', appHeaderName: 'Ledger bench' })
    .returning();
  const customerCount = 100;
  await db.insert(customers).values(
    Array.from({ length: customerCount }, (_, index) => ({
      tenantId: tenant!.id,
      custNo: `LB${index}`,
      company: `Ledger bench ${index}`,
      currencies: ['USD'],
    })),
  );
  const loader = createLedgerLoadService(db);
  const folder = mkdtempSync(path.join(tmpdir(), 'settle-ledger-bench-'));
  const file = path.join(folder, 'invoices.ndjson');
  await pipeline(Readable.from(ndjsonInvoices(count, customerCount)), createWriteStream(file));
  try {
    for (const pass of ['first load', 'unchanged re-load'])
      await loadOnce(pass, () => createReadStream(file));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  async function loadOnce(pass: string, open: () => Readable) {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    const report = await loader.load({
      tenantId: tenant!.id,
      kind: 'invoices',
      rows: ndjsonRows(open()),
      atomic: false,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    console.log(
      `ledger load (${engine}), ${pass}: ${count} invoices x 3 lines in ${seconds.toFixed(1)} s ` +
        `(${Math.round(count / seconds)} invoices/s); inserted ${report.inserted}, updated ${report.updated}, ` +
        `unchanged ${report.unchanged}, refused ${report.refused}; peak RSS ${Math.round(peak / 1048576)} MB; ` +
        `load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}` +
        (pass === 'first load' ? `; file ${Math.round(statSync(file).size / 1048576)} MB` : ''),
    );
  }
}

function* ndjsonInvoices(count: number, customerCount: number) {
  for (let index = 0; index < count; index += 1) {
    const invoice = {
      custNo: `LB${index % customerCount}`,
      invNo: `LBI-${index}`,
      tranId: `LBT-${index}`,
      status: 'O',
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
      currencyCode: 'USD',
      amount: '300.00',
      balance: '300.00',
      lines: [1, 2, 3].map((lineNo) => ({
        lineNo,
        item: `I${lineNo}`,
        description: 'Item',
        qtyShip: '1',
        price: '100',
        ext: '100.00',
      })),
    };
    yield `${JSON.stringify(invoice)}\n`;
  }
}
