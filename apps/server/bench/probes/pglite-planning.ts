// Probe: where a computed invoice page's time goes on PGlite (planning vs execution), and what
// a plan kept by SQL PREPARE/EXECUTE or by a named statement saves there. Not part of the bench.
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed/seed-demo';
import { findGridPage } from '../../src/modules/invoices/invoice-page';
import { insertBulkInvoices } from '../bulk-invoices';
import { describeTimes, timeIt } from '../stats';

const dataDir = process.env.PROBE_DIR ?? '/tmp/pgl-probe';
const fresh = !existsSync(dataDir);
const database = await openDatabase({ dataDir });
const { db } = database;
if (fresh) {
  await database.migrate();
  await seedDemo(db, { invoices: 2000, seed: 1, today: new Date() });
  const t = performance.now();
  await insertBulkInvoices(db, Number(process.env.PROBE_INVOICES ?? 200_000));
  console.log(`loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const [c] = await queryRows<{ id: number; user_id: number }>(
  db,
  sql`select c.id, (select user_id from user_customers uc where uc.customer_id = c.id limit 1) as user_id from customers c where cust_no = 'C10002'`,
);
const scope = { customerId: c!.id, currencyCode: 'GBP', status: 'O' as const, userId: c!.user_id ?? 0 };
const captured: { sql: string; params: unknown[] }[] = [];
const session = (db as unknown as { _: { session: { prepareQuery: (...a: unknown[]) => unknown } } })._
  .session;
const original = session.prepareQuery.bind(session);
session.prepareQuery = (...args: unknown[]) => {
  const built = args[0] as { sql: string; params: unknown[] };
  captured.push(built);
  return original(...args);
};
const page = () =>
  findGridPage(db, {
    scope,
    query: { page: 1, pageSize: 50, sort: 'dueDate', dir: 'asc' },
    scopeTotals: true,
  });
const first = await page();
console.log(`rows ${first.rows.length}, total ${first.totals?.count}`);
const statement = captured.at(-1)!;
session.prepareQuery = original;
console.log(statement.sql.slice(0, 300), statement.params);
console.log(`findGridPage page 1: ${describeTimes(await timeIt(300, page))}`);

const explain = await queryRows<{ 'QUERY PLAN': string }>(
  db,
  sql.raw(`explain (analyze, summary) ${inline(statement.sql, statement.params)}`),
);
console.log(explain.map((r) => Object.values(r)[0]).join('\n'));

// Kept by SQL: PREPARE once, then EXECUTE with literal values.
await db.execute(sql.raw(`prepare probe_page as ${statement.sql}`));
const execText = `execute probe_page(${statement.params.map(literal).join(', ')})`;
const kept = () => db.execute(sql.raw(execText));
console.log(`EXECUTE of a prepared page: ${describeTimes(await timeIt(300, kept))}`);
const plain = () => db.execute(sql.raw(inline(statement.sql, statement.params)));
console.log(`same text, values inlined, planned each call: ${describeTimes(await timeIt(300, plain))}`);

// The same statement as db.execute runs it: unnamed, planned at each call.
const { sql: text, params } = statement;
const unnamed = () => db.execute(sql.raw(inline(text, params)));
console.log(`the page statement unnamed (values inlined): ${describeTimes(await timeIt(300, unnamed))}`);
console.log(`findGridPage page 1 again: ${describeTimes(await timeIt(300, page))}`);
await database.close();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
}
