import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminSocketPath, sendAdminCommand } from '../../server/src/admin/admin-socket';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { API_BASE, REPO_ROOT } from './support/launch-server';
import { signInThroughForm } from './support/session';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * Issue 17 end to end, on the shared portal: the provider's system loads an invoice through the
 * integration API, a signed-in user finds it in the grid and disputes it in Chromium, and the
 * provider's loopback receiver gets the dispute.created webhook, signed with the subscription's
 * secret. The key, the subscription and the receiver are this file's own and go at its end.
 */
const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const browsing = browserForFile();
const viewport = { width: 1366, height: 900 };
const SCREENS = path.join(REPO_ROOT, 'screens');

/** demo.full's default account and currency: the grid opens on them after sign-in. */
const CUST_NO = 'C10001';
/** A number no other run has used: the portal's database lives as long as the whole browser run. */
const RUN = Date.now().toString(36).toUpperCase();
/**
 * Between the demo's CM-… and INV-… numbers: other flows take the first or last invoice by number,
 * and this one must not become it.
 */
const INV_NO = `ERP-${RUN}`;
const TRAN_ID = `ERP-TRAN-${RUN}`;

let receiver: WebhookReceiver;
let key = '';
let keyId = 0;
let subscription: { id: number; secret: string };

/** An operator command run by the live portal, as `npm run admin` hands it over. */
async function admin(command: string, argument: string): Promise<string> {
  const socket = adminSocketPath(dataDir);
  if (!socket) throw new Error(`the portal's DATA_DIR is too long for its admin socket: ${dataDir}`);
  const reply = await sendAdminCommand(socket, { command, argument });
  if (!reply?.ok)
    throw new Error(`npm run admin -- ${command}: ${reply ? reply.error : 'no portal answered'}`);
  return reply.output;
}

/** A call of the provider's system: the API key, no cookie, no CSRF header. */
function integration(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL}${API_BASE}/integration/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const created = await admin('api-key', 'create default e2e-erp ledger:write,webhooks:manage');
  const match = /^API key (\d+) \(e2e-erp\): (stl_\S+)$/m.exec(created);
  expect(match, created).not.toBeNull();
  keyId = Number(match![1]);
  key = match![2]!;
});

afterAll(async () => {
  // Later flows create disputes on the same portal: nothing may queue for a receiver that is gone.
  if (subscription) await integration('DELETE', `/webhooks/${subscription.id}`);
  if (keyId) await admin('api-key', `revoke default ${keyId}`);
  await receiver?.close();
});

describe("the provider's integration API", () => {
  it('an invoice loaded through the API appears in the grid; the user disputes it; the receiver gets the signed dispute.created', async () => {
    const subscribed = await integration('POST', '/webhooks', {
      url: receiver.url,
      eventTypes: ['dispute.created'],
    });
    expect(subscribed.status).toBe(201);
    subscription = await subscribed.json();
    expect(subscription.secret).toMatch(/^whsec_/);

    const loaded = await integration('POST', '/invoices', [
      {
        custNo: CUST_NO,
        invNo: INV_NO,
        tranId: TRAN_ID,
        status: 'O',
        invoiceDate: isoDay(0),
        // Not due for a while: the invoice stays out of the overdue and coming-due lists of other flows.
        dueDate: isoDay(45),
        currencyCode: 'USD',
        amount: '1002.00',
        balance: '1002.00',
        poNumber: `PO-${RUN}`,
        lines: [
          {
            lineNo: 1,
            item: 'VLV-200',
            description: 'Ball valve, 2 in.',
            qtyShip: '4',
            price: '125.50',
            ext: '502.00',
          },
          {
            lineNo: 2,
            item: 'PMP-10',
            description: 'Transfer pump',
            qtyShip: '2',
            price: '250.00',
            ext: '500.00',
          },
        ],
      },
    ]);
    expect(await loaded.json()).toMatchObject({ committed: true, inserted: 1, refused: 0, errors: [] });

    // demo.full signs in on the login page and looks the invoice up by its number.
    const page = await browsing.newPage({ viewport });
    await signInThroughForm(page, baseURL, 'demo.full');
    await page.goto(`${baseURL}/invoices`);
    await page.getByTestId('quick-search').fill(INV_NO);
    const row = page.getByTestId(`invoice-row-${INV_NO}`);
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid^="invoice-row-"]').count()).toBe(1);
    expect(await row.textContent()).toContain('$1,002.00');
    await expectNoAxeViolations(page, 'the grid with the loaded invoice');
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'integration-api-grid-1366.png'), fullPage: true });

    // Its detail shows the lines as loaded; the user disputes two valves as damaged.
    await page.getByTestId(`invoice-link-${INV_NO}`).click();
    await page.waitForURL(`**/detail/O/${INV_NO}`);
    await expect.poll(() => page.getByTestId('line-1').textContent()).toContain('Ball valve, 2 in.');
    expect(await page.getByTestId('line-2').textContent()).toContain('Transfer pump');
    await expectNoAxeViolations(page, 'the detail of the loaded invoice');
    await page.getByTestId('detail-dispute').click();
    await page.waitForURL(`**/dispute/${INV_NO}`);
    await page.getByTestId('dispute-count-1').fill('2');
    await expect.poll(() => page.getByTestId('dispute-amount-1').textContent()).toBe('$251.00');
    await page.getByTestId('dispute-reason').click();
    await page.getByRole('option', { name: 'Damaged goods' }).click();
    await page.getByTestId('dispute-description').fill('Two valves arrived cracked');
    await expectNoAxeViolations(page, 'the dispute create screen of the loaded invoice');
    await page.getByTestId('dispute-save').click();
    await page.waitForURL(`**/detail/O/${INV_NO}`);
    await expect.poll(() => page.getByTestId('detail-disputeAmount').textContent()).toBe('$251.00');

    // The invoice now opens its one dispute: its number is the one the provider hears of.
    await page.getByTestId('detail-dispute').click();
    await page.waitForURL(new RegExp(`/dispute/${INV_NO}/\\d+/`));
    const probNo = Number(new URL(page.url()).pathname.split('/')[3]);
    await expect.poll(() => page.getByTestId('dispute-title').textContent()).toContain(INV_NO);
    await expectNoAxeViolations(page, 'the dispute of the loaded invoice');

    // The portal's sender delivers in the background (every second): wait for it, bounded.
    await expect.poll(() => receiver.calls.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0]!;
    const event = new Webhook(subscription.secret).verify(
      call.body,
      call.headers as Record<string, string>,
    ) as { id: string; type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      id: call.headers['webhook-id'],
      type: 'dispute.created',
      data: {
        custNo: CUST_NO,
        invNo: INV_NO,
        tranId: TRAN_ID,
        probNo,
        style: 'artran',
        disputedAmount: '251.00',
        reasonCode: 'DAMAGED',
      },
    });
    // Signed for this subscription only: another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the subscription').toString('base64')}`).verify(
        call.body,
        call.headers as Record<string, string>,
      ),
    ).toThrow();

    // The provider's delivery log tells the same: one try, delivered, answered 204.
    await expect
      .poll(async () => (await integration('GET', `/webhooks/${subscription.id}/deliveries`)).json())
      .toEqual([
        expect.objectContaining({
          eventId: event.id,
          type: 'dispute.created',
          status: 'DELIVERED',
          attempts: 1,
          lastStatusCode: 204,
          deliveredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      ]);
  });
});
