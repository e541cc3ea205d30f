import http from 'node:http';
import https from 'node:https';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { type Db, queryRows } from '../../db/client';
import { isInternalAddress, publicOnlyLookup, WebhookAddressRefused } from './webhook-address';

export type DeliveryLogger = { warn: (message: string) => void; error: (message: string) => void };

/**
 * Delays before the 2nd, 3rd... tries: doubling from 5 seconds, then every 8 hours, past a day
 * (about 31 hours in all) before a delivery is given up as FAILED.
 */
export const DEFAULT_RETRY_DELAYS_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000,
  28_800_000,
];

/** How long a claimed try may take before another process (or this one after a restart) takes it again. */
const LEASE_SECONDS = 60;

type Claimed = {
  id: number;
  attempts: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  at: string;
  payload: Record<string, unknown>;
};

/**
 * The background sender of webhook deliveries. The outbox is a table claimed with FOR UPDATE SKIP
 * LOCKED and a lease (next_attempt_at moved past the try), not pg-boss: pg-boss needs a pg Pool and
 * LISTEN on a real server and does not run on PGlite, the default database; a lease keeps no
 * transaction open during the HTTP call (PGlite has one connection) and a process killed mid-try
 * leaves the row to be taken again once the lease ends, with the same event id.
 * A delivery waits while an older one of the same subscription and object is pending: in order per object.
 * Event writers take no lock (see listAfter in integration-events.service.ts), and the order stays
 * by delivery id: a transaction that queues its event after another's change committed (it acted
 * on the object as that change left it, e.g. after waiting for its row lock) takes a larger id and
 * becomes visible after it, so such changes go out in order. Two overlapping transactions that
 * neither saw the other's change may go out in either order (before, in the order of their commits).
 */
export function createWebhookDelivery(
  db: Db,
  options: {
    retryDelaysMs?: number[];
    pollMs?: number;
    logger: DeliveryLogger;
    timeoutMs?: number;
    /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: loopback receivers (tests, the demo); off, internal addresses are refused. */
    allowPrivateAddresses?: boolean;
  },
) {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claim(limit: number): Promise<Claimed[]> {
    return db.transaction((tx) =>
      queryRows<Claimed>(
        tx,
        sql`with due as (
              select d.id from webhook_deliveries d
              where d.status = 'PENDING' and d.next_attempt_at <= now()
                and not exists (select 1 from webhook_deliveries older
                  where older.subscription_id = d.subscription_id and older.object_key = d.object_key
                    and older.id < d.id and older.status = 'PENDING')
              order by d.id limit ${limit}
              for update of d skip locked
            )
            update webhook_deliveries d set attempts = d.attempts + 1,
              next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
            from due, webhook_subscriptions s, integration_events e
            where d.id = due.id and s.id = d.subscription_id and e.id = d.event_id
            returning d.id::int as id, d.attempts, s.url, s.secret, e.event_id, e.type, e.payload,
              to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
      ),
    );
  }

  /**
   * POSTs the body and answers the status code; redirects are not followed. Unless private
   * addresses are allowed, an internal address, or a name resolving to one, is never connected
   * to (WebhookAddressRefused): the check runs on the addresses the connection uses.
   */
  function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    const target = new URL(url);
    const guarded = !options.allowPrivateAddresses;
    if (guarded && isInternalAddress(target.hostname))
      return Promise.reject(new WebhookAddressRefused(`${target.hostname} is an internal address`));
    return new Promise((resolve, reject) => {
      const request = (target.protocol === 'https:' ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: false,
          ...(guarded ? { lookup: publicOnlyLookup } : {}),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  async function send(delivery: Claimed): Promise<void> {
    const body = JSON.stringify({
      id: delivery.event_id,
      type: delivery.type,
      time: delivery.at,
      data: delivery.payload,
    });
    const now = new Date();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      statusCode = await post(delivery.url, body, {
        'content-type': 'application/json',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(delivery.secret).sign(delivery.event_id, now, body),
      });
      if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
    } catch (cause) {
      if (cause instanceof WebhookAddressRefused) {
        error = `refused: ${cause.message}`;
        options.logger.warn(`webhook delivery ${delivery.id} (${delivery.event_id}) ${error}`);
      } else error = (cause as Error).message;
    }
    const delay = delays[delivery.attempts - 1];
    const status = error === null ? 'DELIVERED' : delay === undefined ? 'FAILED' : 'PENDING';
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into webhook_attempts (delivery_id, status_code, error)
        values (${delivery.id}, ${statusCode}, ${error})`);
      await tx.execute(sql`update webhook_deliveries set status = ${status}, last_status_code = ${statusCode},
        last_error = ${error}, delivered_at = ${status === 'DELIVERED' ? sql`now()` : null},
        next_attempt_at = now() + make_interval(secs => ${(delay ?? 0) / 1000})
        where id = ${delivery.id}`);
    });
    if (status === 'FAILED')
      options.logger.warn(`webhook delivery ${delivery.id} (${delivery.event_id}) given up: ${error}`);
  }

  /** One pass: claims what is due and sends it; the count sent. */
  async function runOnce(limit = 20): Promise<number> {
    const claimed = await claim(limit);
    // One at a time per object is guaranteed by the claim; different objects go out together.
    await Promise.all(claimed.map(send));
    return claimed.length;
  }

  function tick() {
    if (stopped) return;
    running = runOnce()
      .catch((error) => {
        options.logger.error(`webhook delivery: ${(error as Error).message}`);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, options.pollMs ?? 1_000);
      });
  }

  return {
    runOnce,
    /** Ticks from now on; the first pass after `delayMs` when given (stop() cancels it). */
    start(options: { delayMs?: number } = {}) {
      if (!stopped) return;
      stopped = false;
      if (options.delayMs) timer = setTimeout(tick, options.delayMs);
      else tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
