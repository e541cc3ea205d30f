import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { type ApiSession, apiSignIn, signedInPage } from './support/session';

/**
 * Approval before paying (issue 18), on the run's shared portal: the operator sets a threshold on
 * C10003 in EUR and makes demo.full an approver; demo.single (French) submits the cart with a saved
 * card, and demo.full (English) approves: the payment runs. The browser files run one at a time, and
 * the policy and the approver are switched off when the file ends, so no other flow meets them.
 */
const server = { baseURL: inject('baseURL'), dataDir: inject('dataDir') };
const browsing = browserForFile();
const SCREENS = path.join(REPO_ROOT, 'screens');
const NARROW = { width: 360, height: 800 };

const admin = (...args: string[]) =>
  promisify(execFile)('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });

beforeAll(async () => {
  // Two independent settings: the commands run side by side (each is a process of its own).
  const [policy, approver] = await Promise.all([
    admin('approval-policy', 'C10003', 'EUR', '100.00'),
    admin('approver', 'demo.full', 'C10003', 'on'),
  ]);
  expect(policy.stdout).toContain('above 100.00');
  expect(approver.stdout).toContain('approves payments of C10003');
}, 120_000);
afterAll(async () => {
  const [policy, approver] = await Promise.all([
    admin('approval-policy', 'C10003', 'EUR', 'off'),
    admin('approver', 'demo.full', 'C10003', 'off'),
  ]);
  expect(policy.stdout).toContain('payments need no approval');
  expect(approver.stdout).toContain('no longer approves payments of C10003');
}, 120_000);

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

/** Saves a card for C10003 in EUR through the sandbox's hosted page, as the profile screen does. */
async function saveCard(api: ApiSession): Promise<void> {
  const started = await api.send('POST', '/payment/add/', {
    profileType: 'CREDIT_CARD',
    custNo: 'C10003',
    currency: 'EUR',
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { serviceURL, reference } = await started.json();
  const context = await browsing.newContext();
  const page = await context.newPage();
  await page.goto(serviceURL);
  await page.locator('#number').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Camille Dubois');
  await page.locator('form:not(#cancel-form) button[type="submit"]').first().click();
  await expect
    .poll(async () => (await (await api.send('GET', `/payment/add/status/${reference}`)).json()).success, {
      timeout: 20_000,
    })
    .toBe(true);
  await context.close();
}

/** One open EUR invoice of C10003 above the threshold, alone in demo.single's cart. */
async function invoiceAboveThreshold(api: ApiSession): Promise<string> {
  const list = await api.send(
    'GET',
    '/invoices?custNo=C10003&currencyCode=EUR&status=O&page=1&pageSize=100&sort=invNo&dir=asc',
  );
  const rows = (await list.json()).rows as Array<{
    invNo: string;
    balance: string;
    disputeAmount: string;
    paymentPending: string;
  }>;
  const invNo = rows.find(
    (row) => Number(row.balance) > 150 && Number(row.disputeAmount) === 0 && row.paymentPending === 'false',
  )!.invNo;
  await api.send('DELETE', '/payment/cart?custNo=C10003&currencyCode=EUR');
  const added = await api.send('POST', '/payment/cart/add', {
    custNo: 'C10003',
    currencyCode: 'EUR',
    invNo: [invNo],
  });
  expect(added.ok(), await added.text()).toBe(true);
  return invNo;
}

describe('approval before paying', () => {
  it('submits the cart as one user (fr) and approves it as another (en): the payment runs once', async () => {
    let invNo = '';
    const submitter = await signedInPage(browsing, {
      baseURL: server.baseURL,
      loginName: 'demo.single',
      path: '/paymentCart',
      context: { locale: 'fr-FR', viewport: { width: 1366, height: 900 } },
      prepare: async (api) => {
        await saveCard(api);
        invNo = await invoiceAboveThreshold(api);
      },
    });
    const needed = submitter.getByTestId('approval-needed');
    await needed.waitFor({ timeout: 20_000 });
    expect(await needed.textContent()).toContain('doit être approuvé');
    await expect
      .poll(() => submitter.getByTestId('pay-CREDIT_CARD').getAttribute('aria-disabled'))
      .toBe('true');
    await expectNoAxeViolations(submitter, 'the cart above the threshold (fr)');
    await shoot(submitter, 'approval-cart-1366-fr');
    await submitter.getByTestId('approval-profile').click();
    await submitter.getByRole('option').first().click();
    await submitter.getByTestId('approval-submit').click();
    await submitter.getByTestId('approval-pending').waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(submitter, 'the cart waiting for approval (fr)');
    await submitter.setViewportSize(NARROW);
    await shoot(submitter, 'approval-cart-360-fr');

    const approver = await signedInPage(browsing, {
      baseURL: server.baseURL,
      loginName: 'demo.full',
      path: '/home',
      context: { locale: 'en-US', viewport: { width: 1366, height: 900 } },
    });
    await expect
      .poll(() => approver.getByTestId('approvals-count').textContent(), { timeout: 20_000 })
      .toBe('1');
    // At 360 px the header fits (no sideways scroll); the approvals link is in the navigation menu.
    await approver.setViewportSize(NARROW);
    await expect
      .poll(() => approver.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    expect(await approver.getByTestId('approvals-link').isVisible()).toBe(false);
    await approver.getByRole('button', { name: 'Open the navigation menu' }).click();
    const menuItem = approver.getByRole('menuitem', { name: 'Approvals: 1 payment to approve' });
    await menuItem.waitFor();
    await expectNoAxeViolations(approver, 'home with the navigation menu open at 360 px (en)');
    await shoot(approver, 'approvals-home-menu-360-en');
    await approver.keyboard.press('Escape');
    await approver.setViewportSize({ width: 1366, height: 900 });
    await approver.getByTestId('approvals-link').click();
    const card = approver.locator('[data-testid^="approval-"][aria-labelledby]').first();
    await card.waitFor();
    expect(await card.textContent()).toContain(invNo);
    await expectNoAxeViolations(approver, 'the approvals page (en)');
    await shoot(approver, 'approvals-1366-en');
    await approver.getByTestId('approval-approve').click();
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain('Approved');
    await expectNoAxeViolations(approver, 'an approved payment (en)');
    await approver.setViewportSize(NARROW);
    await shoot(approver, 'approvals-360-en');

    const api = await apiSignIn(server.baseURL, 'demo.full');
    const approvals = (await (await api.send('GET', '/payment/approvals?custNo=C10003')).json()).approvals;
    expect(approvals[0]).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'SUCCESS',
      requestedBy: 'Camille Dubois',
    });
    await api.request.dispose();
  });
});
