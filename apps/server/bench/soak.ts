import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { seedDemo } from '../src/db/seed/seed-demo';
import { buildUser, TEST_PASSWORD } from '../src/test/factories';
import { submitCard } from '../src/test/sandbox-payer';
import { freePort, HttpSession, spawnServer } from '../src/test/spawned-server';
import { openBenchDatabase } from './bench-database';
import { cpuSecondsOf, postgresCpuSeconds } from './built-server';
import { insertBulkInvoices } from './bulk-invoices';
import { percentile } from './stats';
import { UNTHROTTLED_ENV } from './unthrottled';

/**
 * `npm run soak -- --users 200 --minutes 10 --invoices 1000000 [--think-ms 1000] [--ramp-seconds 30]`: the built server on a fresh
 * PostgreSQL database (DATABASE_URL, else the machine's) holding the bench's invoices, and that many
 * signed-in users, each looping over a realistic mix on loopback until the time is up: grid pages
 * with sorts and filters, details, documents, promises, cart changes and payments through the
 * sandbox provider. Prints throughput, p50/p95/p99 per call type, errors and the server's RSS at
 * start and end; exits 1 above 0 errors or a grid p99 above 250 ms.
 */
const API = '/getpaid-rest/api';
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    invoices: { type: 'string', default: '1000000' },
    'think-ms': { type: 'string', default: '1000' },
    'ramp-seconds': { type: 'string', default: '30' },
    /** A folder for a CPU profile of the server over the run (node --cpu-prof). */
    'cpu-prof': { type: 'string' },
  },
});
/**
 * People arrive over a while, not in one instant (k6's ramping users): user i signs in at
 * i / users × this. `--ramp-seconds 0` signs everyone in at once (200 argon2 checks at the same
 * moment, a burst every later call then queues behind). The time counted is the whole run.
 */
const rampMs = Number(values['ramp-seconds']) * 1000;
const users = Number(values.users);
const minutes = Number(values.minutes);
const invoiceCount = Number(values.invoices);
/**
 * A person reads a page before the next click: each virtual user pauses a random 0.5–1.5 × this
 * between steps (k6's `sleep`). `--think-ms 0` makes every user a closed loop that calls as fast as
 * the server answers, which measures saturation rather than 200 people.
 */
const thinkMs = Number(values['think-ms']);
const think = () =>
  thinkMs > 0 ? new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random()))) : undefined;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Sample = { ms: number; ok: boolean; status: number };
const samples = new Map<string, Sample[]>();
const errorsSeen = new Map<string, number>();
let conflicts = 0;

async function timed(
  name: string,
  call: () => Promise<{ status: number; text?: unknown }>,
  accept = (status: number) => status < 400,
) {
  const started = performance.now();
  let status = 0;
  try {
    const answer = await call();
    status = answer.status;
    if (!accept(status) && !errorsSeen.has(`${name}: ${status}`))
      console.log(`first ${name} ${status}: ${String(answer.text ?? '').slice(0, 200)}`);
  } catch (error) {
    errorsSeen.set(
      `${name}: ${(error as Error).message}`,
      (errorsSeen.get(`${name}: ${(error as Error).message}`) ?? 0) + 1,
    );
  }
  const ms = performance.now() - started;
  const ok = status > 0 && accept(status);
  if (!ok && status > 0)
    errorsSeen.set(`${name}: ${status}`, (errorsSeen.get(`${name}: ${status}`) ?? 0) + 1);
  const list = samples.get(name) ?? [];
  list.push({ ms, ok, status });
  samples.set(name, list);
  return status;
}

async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'settle-soak-'));
  const { database, url, drop } = await openBenchDatabase(databaseUrl, dataDir);
  const { db } = database;
  try {
    await database.migrate();
    let started = performance.now();
    await seedDemo(db, { invoices: 2000, seed: 1, today: new Date() });
    await insertBulkInvoices(db, invoiceCount);
    const [tenant] = await queryRows<{ id: number }>(db, sql`select id from tenants where is_default`);
    const customers = await queryRows<{ id: number; cust_no: string }>(
      db,
      sql`select id, cust_no from customers where tenant_id = ${tenant!.id} and 'USD' = any(currencies) order by id`,
    );
    // One user of its own per virtual user, spread over the customers: each pays its own invoices.
    const people = [];
    for (let index = 0; index < users; index += 1) {
      const customer = customers[index % customers.length]!;
      const user = await buildUser(db, tenant!.id, {
        loginName: `soak.${index}`,
        customers: [{ id: customer.id, defAccount: true }],
      });
      // Users of the same customer work on disjoint invoices (by a hash of the number), so that
      // what one sees refused is the server's doing, not two people promising the same invoice.
      people.push({
        loginName: user.loginName,
        custNo: customer.cust_no,
        slot: Math.floor(index / customers.length),
        sharing: Math.ceil(users / customers.length),
      });
    }
    console.log(
      `seeded ${invoiceCount.toLocaleString('en-US')} bench invoices and ${users} users in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const server = await spawnServer({
      name: 'soak',
      nodeArgs: values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [],
      env: {
        ...UNTHROTTLED_ENV,
        DATABASE_URL: url!,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        PAYMENT_SANDBOX_PORT: String(await freePort()),
        PAYMENT_SANDBOX_PENDING_SECONDS: '0',
      },
    });
    const base = server.baseURL;
    const rssStart = await rssOf(server.process.pid!);
    const cpuStart = {
      server: cpuSecondsOf(server.process.pid!),
      database: postgresCpuSeconds(),
      generator: process.cpuUsage(),
    };
    const deadline = Date.now() + minutes * 60_000;
    started = performance.now();
    await Promise.all(people.map((person, index) => virtualUser(base, person, index, deadline)));
    const seconds = (performance.now() - started) / 1000;
    const rssEnd = await rssOf(server.process.pid!);
    const generator = process.cpuUsage(cpuStart.generator);
    const cpu = {
      server: cpuSecondsOf(server.process.pid!) - cpuStart.server,
      database: postgresCpuSeconds() - cpuStart.database,
      generator: (generator.user + generator.system) / 1e6,
    };
    await server.stop();

    const all = [...samples.values()].flat();
    const errors = all.filter((sample) => !sample.ok).length;
    console.log(
      `\n${users} users (think ${thinkMs} ms, signed in over ${rampMs / 1000} s), ${minutes} min, ${invoiceCount.toLocaleString('en-US')} bench invoices on PostgreSQL: ${all.length.toLocaleString('en-US')} calls in ${seconds.toFixed(0)} s = ${(all.length / seconds).toFixed(1)} calls/s, ${errors} errors; server RSS ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at end`,
    );
    const callCount = [...samples.values()].reduce((sum, list) => sum + list.length, 0);
    console.log(
      `CPU over the run (2 cores = ${(2 * seconds).toFixed(0)} s): server ${cpu.server.toFixed(0)} s, PostgreSQL ${cpu.database.toFixed(0)} s, load generator ${cpu.generator.toFixed(0)} s; per call ${((cpu.server * 1000) / callCount).toFixed(2)} + ${((cpu.database * 1000) / callCount).toFixed(2)} + ${((cpu.generator * 1000) / callCount).toFixed(2)} ms`,
    );
    console.log('| call | count | p50 | p95 | p99 | errors |');
    console.log('|---|---|---|---|---|---|');
    let gridP99 = 0;
    for (const [name, list] of [...samples.entries()].sort()) {
      const times = list.map((sample) => sample.ms);
      const p99 = percentile(times, 99);
      if (name.startsWith('grid')) gridP99 = Math.max(gridP99, p99);
      console.log(
        `| ${name} | ${list.length} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ${p99.toFixed(0)} ms | ${list.filter((sample) => !sample.ok).length} |`,
      );
    }
    for (const [what, count] of errorsSeen) console.log(`error: ${what} × ${count}`);
    // What the server itself said of its failures: the first few error lines of its log.
    const serverErrors = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    for (const line of serverErrors.slice(0, 5)) console.log(`server: ${line.slice(0, 1500)}`);
    console.log(
      `payment starts refused as already in flight (another user of the customer paying it): ${conflicts}`,
    );
    if (errors > 0 || gridP99 > 250) {
      console.log(`FAIL: ${errors} errors, grid p99 ${gridP99.toFixed(0)} ms (bars: 0 errors, 250 ms)`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const SORTS = ['dueDate', 'amount', 'balance', 'invoiceDate', 'invNo'];
const FILTERS = ['', 'amount ge 100 and balance gt 0', "terms eq 'Net 30'", "substringof('PO-5',poNumber)"];

type Person = { loginName: string; custNo: string; slot: number; sharing: number };

const hashOf = (text: string) => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);

async function virtualUser(base: string, person: Person, index: number, deadline: number) {
  const session = new HttpSession(API);
  const call = (method: string, url: string, options?: Parameters<HttpSession['call']>[3]) =>
    session.call(base, method, url, options);
  await new Promise((resolve) => setTimeout(resolve, (rampMs * index) / users));
  await timed('sign-in', () => session.signIn(base, person.loginName, TEST_PASSWORD));
  let step = index;
  let open: string[] = [];
  while (Date.now() < deadline) {
    await think();
    step += 1;
    const roll = step % 20;
    const sort = SORTS[step % SORTS.length];
    const filter = FILTERS[step % FILTERS.length];
    const list = `/invoices?custNo=${person.custNo}&currencyCode=USD&pageSize=50&status=O&sort=${sort}&dir=${step % 2 ? 'asc' : 'desc'}&page=${1 + (step % 3)}${filter ? `&filter=${encodeURIComponent(filter)}` : ''}`;
    if (roll < 8 || open.length === 0) {
      await timed(filter ? 'grid page, filtered and sorted' : 'grid page, sorted', async () => {
        const page = await call('GET', list);
        if (page.status === 200)
          // The demo's own invoices include some already promised (5 % of the open ones): a person
          // would not promise those again, and the server rightly refuses it.
          open = (
            page.json().rows as Array<{
              invNo: string;
              paymentPending?: boolean | string;
              promise?: boolean | string;
            }>
          )
            .filter((row) => !row.paymentPending || row.paymentPending === 'false')
            .filter((row) => !row.promise || row.promise === 'false')
            .map((row) => row.invNo)
            .filter((number) => hashOf(number) % person.sharing === person.slot);
        return page;
      });
      continue;
    }
    const invNo = open[step % open.length]!;
    if (roll < 11)
      await timed('invoice detail', () => call('GET', `/invoices/detail/${encodeURIComponent(invNo)}`));
    else if (roll < 13)
      await timed('document (PDF)', () =>
        call('GET', `/gateway/downloadLinkedContent?invNo=${encodeURIComponent(invNo)}`),
      );
    else if (roll < 15) {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await timed('promise set', () =>
        call('PUT', '/invoices/promiseUnPromise', {
          body: { invNo: [invNo], promised: true, nextFollowupDate: tomorrow },
        }),
      );
      await timed('promise removed', () =>
        call('PUT', '/invoices/promiseUnPromise', { body: { invNo: [invNo], promised: false } }),
      );
    } else if (roll < 18) {
      const body = { custNo: person.custNo, currencyCode: 'USD', invNo: [invNo] };
      await timed('cart add', () => call('POST', '/payment/cart/add', { body }));
      await timed('cart remove', () => call('POST', '/payment/cart/remove', { body }));
    } else {
      await pay(session, base, person, invNo);
      open = open.filter((other) => other !== invNo);
    }
  }
}

async function pay(session: HttpSession, base: string, person: { custNo: string }, invNo: string) {
  const detail = await session.call(base, 'GET', `/invoices/detail/${encodeURIComponent(invNo)}`);
  // What may be paid: the balance less the disputed amount (the spec's payable amount).
  const invoice = detail.status === 200 ? detail.json().invoice : {};
  const payable = Math.round((Number(invoice.balance ?? 0) - Number(invoice.disputeAmount ?? 0)) * 100);
  if (!(payable > 0)) return;
  const balance = (payable / 100).toFixed(2);
  await session.call(base, 'POST', '/payment/cart/add', {
    body: { custNo: person.custNo, currencyCode: 'USD', invNo: [invNo] },
  });
  let started: { serviceURL?: string; extTranRefId?: string } = {};
  // 409 PAYMENT_IN_FLIGHT is the right answer when another user of the same customer is paying the
  // same invoice: counted apart (conflicts), not as an error.
  await timed(
    'payment start',
    async () => {
      const answer = await session.call(base, 'POST', '/payment/hpp/CREDIT_CARD', {
        body: { custNo: person.custNo, currency: 'USD', payments: [{ invNo, payment: balance }] },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      if (answer.status === 200) started = answer.json();
      if (answer.status === 409) conflicts += 1;
      return answer;
    },
    (status) => status < 400 || status === 409,
  );
  if (!started.serviceURL) return;
  await timed(
    'payment at the sandbox (card)',
    () => submitCard(started.serviceURL!, { number: '4242424242424242' }),
    (status) => status < 500,
  );
  await timed('payment poll', () =>
    session.call(base, 'GET', `/payment/log/pollStatus/${started.extTranRefId}/${person.custNo}`),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
