import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client';
import { customers } from '../src/db/schema/customers';
import { tenants } from '../src/db/schema/tenants';
import { createLedgerLoadService } from '../src/modules/integration/ledger-load.service';
import { ndjsonRows } from '../src/modules/integration/ledger-rows';

/**
 * npx tsx apps/server/bench/ledger-load-bench.ts [--invoices 20000] [--database-url postgres://…/throwaway]
 * Streams N invoices with 3 lines each as NDJSON through the API's loader, then the same again
 * (unchanged), and prints rows per second and the peak resident memory of each pass.
 */
async function main() {
  const { values } = parseArgs({
    options: { invoices: { type: 'string', default: '20000' }, 'database-url': { type: 'string' } },
  });
  const count = Number(values.invoices);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-ledger-bench-'));
  const database = await openDatabase({ databaseUrl: values['database-url'], dataDir });
  try {
    await database.migrate();
    const { db } = database;
    const [tenant] = await db
      .insert(tenants)
      .values({ guid: `bench-${Date.now()}`, name: 'Bench', appHeaderName: 'Bench' })
      .returning();
    const customerCount = 100;
    await db.insert(customers).values(
      Array.from({ length: customerCount }, (_, index) => ({
        tenantId: tenant!.id,
        custNo: `B${index}`,
        company: `Bench ${index}`,
        currencies: ['USD'],
      })),
    );
    const loader = createLedgerLoadService(db);
    for (const pass of ['first load', 'unchanged re-load']) {
      let peak = process.memoryUsage().rss;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 100);
      const started = performance.now();
      const report = await loader.load({
        tenantId: tenant!.id,
        kind: 'invoices',
        rows: ndjsonRows(Readable.from(lines(count, customerCount))),
        atomic: false,
      });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(timer);
      console.log(
        `${pass}: ${count} invoices x 3 lines in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s); ` +
          `inserted ${report.inserted}, updated ${report.updated}, unchanged ${report.unchanged}, refused ${report.refused}; ` +
          `peak RSS ${Math.round(peak / 1048576)} MB`,
      );
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function* lines(count: number, customerCount: number) {
  for (let index = 0; index < count; index += 1) {
    const invoice = {
      custNo: `B${index % customerCount}`,
      invNo: `BI-${index}`,
      tranId: `BT-${index}`,
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
