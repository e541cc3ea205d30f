import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startSandboxProvider } from '../src/adapters/payments/sandbox/sandbox-provider';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { buildCustomer, buildInvoice, buildUser, TEST_PASSWORD } from '../src/test/factories';
import { futureExpiry } from '../src/test/sandbox-payer';
import { describeTimes, percentile } from './stats';

/** A browser-like HTTP client: keeps cookies, echoes the XSRF token. */
function httpClient(origin: string, apiBase: string) {
  const cookies = new Map<string, string>();
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${apiBase}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(method === 'GET' ? {} : { 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    return { status: response.status, body: (await response.text()) as string };
  }
  return {
    call,
    async signIn(loginName: string) {
      await call('GET', '/config.js');
      const answer = await call('POST', '/auth/login', { loginName, password: TEST_PASSWORD });
      if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
    },
  };
}

/** The payer at the sandbox's hosted page, paying with 4242 4242 4242 4242. */
async function payAtSandbox(serviceURL: string) {
  const response = await fetch(serviceURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      number: '4242424242424242',
      expiry: futureExpiry(),
      cvc: '123',
      name: 'Bench Payer',
    }).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
}

/**
 * The payment paths over real HTTP against the sandbox provider on loopback:
 * - pay to SUCCESS: hpp start, the card paid at the hosted page, then polls (every 50 ms here, to
 *   measure; the browser polls every 1000 ms) until pollStatus answers SUCCESS;
 * - the start rate: 32 signed-in users starting on-account checkouts at once (each a database
 *   insert under its constraints plus a checkout created at the provider).
 */
export async function benchPayments(options: {
  database: DatabaseHandle;
  config: AppConfig;
  tenantId: number;
  runs: number;
}) {
  const { db } = options.database;
  const secret = randomBytes(32).toString('base64url');
  const sandbox = await startSandboxProvider({ secret, port: 0, retryDelaysMs: [] });
  const config: AppConfig = {
    ...options.config,
    payments:
      options.config.payments.provider === 'sandbox'
        ? { ...options.config.payments, apiUrl: sandbox.origin, secret }
        : options.config.payments,
  };
  const app = await buildApp(config, { database: options.database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  sandbox.setNotifyUrl(`${origin}${config.apiBase}/payment/notifications/sandbox`);
  try {
    const users = await Promise.all(
      Array.from({ length: 32 }, async (_, index) => {
        const customer = await buildCustomer(db, options.tenantId, { custNo: `BP${1000 + index}` });
        const user = await buildUser(db, options.tenantId, {
          loginName: `bench.payer.${index}`,
          customers: [{ id: customer.id }],
        });
        const client = httpClient(origin, config.apiBase);
        return { customer, user, client };
      }),
    );
    for (const user of users) await user.client.signIn(user.user.loginName);

    // Pay to SUCCESS, one payment at a time, as one user sees it.
    const payer = users[0]!;
    const toSuccess: number[] = [];
    const afterCard: number[] = [];
    const runs = Math.max(5, Math.min(options.runs, 40));
    for (let run = 0; run < runs; run += 1) {
      const invoice = await buildInvoice(db, payer.customer, { invNo: `BENCH-PAY-${run}`, amount: '125.00' });
      const started = performance.now();
      const answer = await payer.client.call(
        'POST',
        '/payment/hpp/CREDIT_CARD',
        {
          custNo: payer.customer.custNo,
          currency: 'USD',
          payments: [{ invNo: invoice.invNo, payment: '125.00' }],
        },
        { 'idempotency-key': randomUUID() },
      );
      if (answer.status !== 200) throw new Error(`start failed: ${answer.status} ${answer.body}`);
      const result = JSON.parse(answer.body) as { serviceURL: string; extTranRefId: string };
      await payAtSandbox(result.serviceURL);
      const paid = performance.now();
      for (;;) {
        const poll = await payer.client.call(
          'GET',
          `/payment/log/pollStatus/${result.extTranRefId}/${payer.customer.custNo}`,
        );
        const status = (JSON.parse(poll.body) as { status: string }).status;
        if (status === 'SUCCESS') break;
        if (status !== 'PENDING') throw new Error(`payment ended ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      toSuccess.push(performance.now() - started);
      afterCard.push(performance.now() - paid);
    }
    console.log(
      `payment, start to SUCCESS seen by the poll (4242 at the sandbox, HTTP): ${describeTimes(toSuccess)}`,
    );
    console.log(`  of which card paid to SUCCESS seen by the poll: ${describeTimes(afterCard)}`);

    // 32 users starting checkouts at once.
    const perUser = 10;
    const latencies: number[] = [];
    let failures = 0;
    const began = performance.now();
    await Promise.all(
      users.map(async (user) => {
        for (let index = 0; index < perUser; index += 1) {
          const started = performance.now();
          const answer = await user.client.call(
            'POST',
            '/payment/hppOnAccount/CREDIT_CARD',
            { custNo: user.customer.custNo, currency: 'USD', amount: '10.00', note: 'bench' },
            { 'idempotency-key': randomUUID() },
          );
          latencies.push(performance.now() - started);
          if (answer.status !== 200) failures += 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    console.log(
      `payment starts, 32 concurrent users x ${perUser} (on account, hosted checkout created at the sandbox): ` +
        `${(latencies.length / seconds).toFixed(1)} starts/s, latency median ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, ${failures} failed`,
    );
  } finally {
    await app.close();
    await sandbox.close();
  }
}
