import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { pdfText } from './support/pdf-text';
import { type ApiSession, apiSignIn } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
/** Screenshots to look at (not kept in git). */
const SCREENS = path.join(REPO_ROOT, 'screens');
const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 360, height: 800 };

type Language = 'en' | 'fr';

/** Open invoices of the user's current account and currency that may be added to the cart. */
async function payableInvoices(api: ApiSession, count: number): Promise<string[]> {
  const { currentCustNo, currencyCode } = api.userData;
  const response = await api.send(
    'GET',
    `/invoices?custNo=${currentCustNo}&currencyCode=${currencyCode}&status=O&page=1&pageSize=100&sort=invNo&dir=asc`,
  );
  expect(response.ok(), await response.text()).toBe(true);
  const rows = (await response.json()).rows as Array<{
    invNo: string;
    balance: string;
    disputeAmount: string;
    paymentPending: string;
  }>;
  const found = rows
    .filter(
      (row) => Number(row.balance) > 0 && Number(row.disputeAmount) === 0 && row.paymentPending === 'false',
    )
    .map((row) => row.invNo);
  expect(found.length, 'enough payable invoices').toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/** The invoice's paymentPending flag as the invoice list gives it. */
async function paymentPendingOf(api: ApiSession, invNo: string): Promise<string> {
  const { currentCustNo, currencyCode } = api.userData;
  const response = await api.send(
    'GET',
    `/invoices?custNo=${currentCustNo}&currencyCode=${currencyCode}&status=O&page=1&pageSize=100&sort=invNo&dir=asc`,
  );
  const rows = (await response.json()).rows as Array<{ invNo: string; paymentPending: string }>;
  return rows.find((row) => row.invNo === invNo)?.paymentPending ?? 'missing';
}

/** An empty cart, then these invoices in it. */
async function fillCart(api: ApiSession, invNos: string[]): Promise<void> {
  const { currentCustNo: custNo, currencyCode } = api.userData;
  expect((await api.send('DELETE', `/payment/cart?custNo=${custNo}&currencyCode=${currencyCode}`)).ok()).toBe(
    true,
  );
  const added = await api.send('POST', '/payment/cart/add', { custNo, currencyCode, invNo: invNos });
  expect(added.ok(), await added.text()).toBe(true);
  expect((await added.json()).added).toEqual(invNos);
}

/** A page signed in as the API session's user, in `language`, at `route`. */
async function openAs(
  api: ApiSession,
  options: { route: string; language: Language; viewport?: typeof WIDE },
) {
  const { cookies } = await api.request.storageState();
  const userData =
    options.language === 'fr'
      ? { ...api.userData, language: 'fr', localeForFormatting: 'fr-FR', locale: 'fr_FR' }
      : api.userData;
  const context = await browsing.newContext({
    viewport: options.viewport ?? WIDE,
    locale: options.language === 'fr' ? 'fr-FR' : 'en-US',
    acceptDownloads: true,
    storageState: {
      cookies,
      origins: [{ origin: baseURL, localStorage: [{ name: 'userData', value: JSON.stringify(userData) }] }],
    },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}${options.route}`);
  return page;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

/** Chooses the method, checks and photographs the summary, acknowledges: the provider's window opens. */
async function startCardCheckout(page: Page, options: { label: string; method?: string }) {
  const pay = page.getByTestId(`pay-${options.method ?? 'CREDIT_CARD'}`);
  await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
  await pay.click();
  await dialog(page, 'payment-summary').waitFor();
  await expectNoAxeViolations(page, `${options.label}: the payment summary`);
  await page.getByTestId('summary-continue').click();
  await dialog(page, 'payment-ack').waitFor();
  await expectNoAxeViolations(page, `${options.label}: the redirect acknowledgement`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('ack-confirm').click()]);
  await popup.locator('#number').waitFor();
  await dialog(page, 'payment-waiting').waitFor();
  await expectNoAxeViolations(page, `${options.label}: waiting for the payment`);
  return popup;
}

async function payInWindow(popup: Page, card: string) {
  await popup.locator('#number').fill(card);
  await popup.locator('#expiry').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
  await popup.locator('#cvc').fill('123');
  await popup.locator('#name').fill('Jane Doe');
  await popup.locator('form:not(#cancel-form) button[type="submit"]').first().click();
}

/** A Mantine modal's test id is on its root, which has no box: the dialog inside it is what shows. */
const dialog = (page: Page, testId: string) => page.getByTestId(testId).getByRole('dialog');

const cartRows = (page: Page) => page.locator('[data-testid^="cart-row-"]');

describe('payments', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`pays the cart by card through the sandbox window, empties the cart and downloads the receipt (${language})`, async () => {
      const api = await apiSignIn(baseURL, 'demo.full');
      const invNos = await payableInvoices(api, 2);
      await fillCart(api, invNos);
      const page = await openAs(api, { route: '/paymentCart', language });
      await expect.poll(() => cartRows(page).count()).toBe(2);
      await expectNoAxeViolations(page, `the cart (${language})`);
      await shoot(page, `cart-1366-${language}`);

      const popup = await startCardCheckout(page, { label: `card ${language}` });
      await payInWindow(popup, '4242 4242 4242 4242');

      await dialog(page, 'receipt-dialog').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('receipt-status').getAttribute('data-status')).toBe('SUCCESS');
      await page.getByTestId('receipt-total').waitFor();
      for (const invNo of invNos) await page.getByTestId(`receipt-line-${invNo}`).waitFor();
      await expect.poll(() => popup.isClosed()).toBe(true);
      await expectNoAxeViolations(page, `the receipt (${language})`);
      await shoot(page, `receipt-1366-${language}`);

      // The receipt opens in the app's PDF viewer, whose download saves it.
      await page.getByTestId('receipt-download').click();
      await page.getByTestId('document-viewer').getByTestId('viewer-canvas').waitFor();
      await expect.poll(() => page.getByTestId('viewer-page-total').textContent()).toMatch(/1/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('viewer-download').click(),
      ]);
      await page.getByTestId('pdf-viewer-close').click();
      await page.getByTestId('document-viewer').waitFor({ state: 'detached' });
      expect(download.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const text = await pdfText(new Uint8Array(Buffer.concat(chunks)));
      for (const invNo of invNos) expect(text).toContain(invNo);

      // The cart is empty on the server too, and the receipt closes back to the prior page.
      const { currentCustNo, currencyCode } = api.userData;
      const cart = await (
        await api.send('GET', `/payment/cart?custNo=${currentCustNo}&currencyCode=${currencyCode}`)
      ).json();
      expect(cart.payments).toEqual([]);
      await page.getByTestId('receipt-close').click();
      await page.getByTestId('receipt-dialog').waitFor({ state: 'detached' });
      await page.waitForURL(/\/invoices/);
      await api.request.dispose();
    });
  }

  it('tells a declined card with the spec wording and releases the invoices', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const invNos = await payableInvoices(api, 1);
    await fillCart(api, invNos);
    const page = await openAs(api, { route: '/paymentCart', language: 'en' });
    await expect.poll(() => cartRows(page).count()).toBe(1);
    const popup = await startCardCheckout(page, { label: 'declined card' });
    await payInWindow(popup, '4000 0000 0000 0002');
    await dialog(page, 'receipt-dialog').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('receipt-status').getAttribute('data-status'))
      .not.toBe('SUCCESS');
    await expect.poll(() => page.getByTestId('receipt-failure').textContent()).toBe('The card was declined.');
    await expectNoAxeViolations(page, 'a declined payment');
    await page.getByTestId('receipt-close').click();
    // Still in the cart, payable again.
    await expect.poll(() => cartRows(page).count()).toBe(1);
    await api.request.dispose();
  });

  it('stops and says the payment was cancelled when the window is closed by hand (fr)', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const invNos = await payableInvoices(api, 1);
    await fillCart(api, invNos);
    const page = await openAs(api, { route: '/paymentCart', language: 'fr' });
    await expect.poll(() => cartRows(page).count()).toBe(1);
    const popup = await startCardCheckout(page, { label: 'cancelled window' });
    // While the checkout is open its invoice is in flight: it cannot be paid, promised or disputed.
    expect(await paymentPendingOf(api, invNos[0]!)).toBe('true');
    await popup.close();
    await page.getByText('Le paiement a été annulé.').waitFor();
    await page.getByTestId('payment-waiting').waitFor({ state: 'detached' });
    expect(await cartRows(page).count()).toBe(1);
    // The portal gave the checkout up: the invoice is free again, and the cart can be paid at once.
    await expect.poll(() => paymentPendingOf(api, invNos[0]!)).toBe('false');
    const again = await startCardCheckout(page, { label: 'paying again after a cancelled window' });
    await again.close();
    await page.getByTestId('payment-waiting').waitFor({ state: 'detached' });
    await expect.poll(() => paymentPendingOf(api, invNos[0]!)).toBe('false');
    await api.request.dispose();
  });

  for (const language of ['en', 'fr'] as const) {
    it(`pays on account by card (${language})`, async () => {
      const api = await apiSignIn(baseURL, 'demo.full');
      const page = await openAs(api, { route: '/onAccountPayment', language });
      await page.getByTestId('on-account-form').waitFor();
      await expectNoAxeViolations(page, `the on-account screen (${language})`);
      await page.getByTestId('on-account-amount').fill(language === 'fr' ? '125,40' : '125.40');
      await page.getByTestId('on-account-note').fill('Deposit for order 12');
      await page.getByTestId('on-account-contract').fill('K-2026-7');
      await shoot(page, `on-account-1366-${language}`);
      const popup = await startCardCheckout(page, { label: `on-account ${language}` });
      await payInWindow(popup, '4242424242424242');
      await dialog(page, 'receipt-dialog').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('receipt-status').getAttribute('data-status')).toBe('SUCCESS');
      await expect.poll(() => page.getByTestId('receipt-contract').textContent()).toBe('K-2026-7');
      await expectNoAxeViolations(page, `the on-account receipt (${language})`);
      await api.request.dispose();
    });
  }

  for (const language of ['en', 'fr'] as const) {
    it(`pays by e-check after a wrong routing number is refused (${language})`, async () => {
      const api = await apiSignIn(baseURL, 'demo.full');
      expect(api.userData.currencyCode).toBe('USD');
      const invNos = await payableInvoices(api, 1);
      await fillCart(api, invNos);
      const page = await openAs(api, { route: '/paymentCart', language });
      await expect.poll(() => cartRows(page).count()).toBe(1);
      const pay = page.getByTestId('pay-ECHECK');
      await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
      await pay.click();
      await page.getByTestId('summary-continue').click();
      await dialog(page, 'echeck-dialog').waitFor();
      await page.getByTestId('echeck-name').fill('Acme Industrial Supply');
      await page.getByTestId('echeck-type-Checking').check();
      await page.getByTestId('echeck-routing').fill('021000022');
      await page.getByTestId('echeck-account').fill('000123456789');
      await page.getByTestId('echeck-routing').blur();
      const wrong =
        language === 'fr'
          ? "Le numéro d'acheminement n'est pas un numéro ABA valide."
          : 'The routing number is not a valid ABA routing number.';
      await page.getByText(wrong).waitFor();
      expect(await page.getByTestId('echeck-submit').isDisabled()).toBe(true);
      await expectNoAxeViolations(page, `the e-check form with an error (${language})`);
      await shoot(page, `echeck-1366-${language}`);
      await page.getByTestId('echeck-routing').fill('021000021');
      await expect.poll(() => page.getByTestId('echeck-submit').isDisabled()).toBe(false);
      await page.getByTestId('echeck-submit').click();
      await dialog(page, 'receipt-dialog').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('receipt-status').getAttribute('data-status')).toBe('SUCCESS');
      await expect.poll(() => page.getByTestId('receipt-account').textContent()).toMatch(/\*+6789$/);
      await expectNoAxeViolations(page, `the e-check receipt (${language})`);
      await api.request.dispose();
    });
  }

  for (const language of ['en', 'fr'] as const) {
    it(`draws the cart and its summary at 360 px (${language})`, async () => {
      const api = await apiSignIn(baseURL, 'demo.full');
      await fillCart(api, await payableInvoices(api, 2));
      const page = await openAs(api, { route: '/paymentCart', language, viewport: NARROW });
      await expect.poll(() => cartRows(page).count()).toBe(2);
      await expectNoAxeViolations(page, `the cart at 360 px (${language})`);
      await shoot(page, `cart-360-${language}`);
      await page.getByTestId('pay-CREDIT_CARD').click();
      await dialog(page, 'payment-summary').waitFor();
      await expectNoAxeViolations(page, `the summary at 360 px (${language})`);
      await shoot(page, `summary-360-${language}`);
      await page.getByTestId('summary-cancel').click();
      const onAccount = await openAs(api, { route: '/onAccountPayment', language, viewport: NARROW });
      await onAccount.getByTestId('on-account-form').waitFor();
      await shoot(onAccount, `on-account-360-${language}`);
      await api.request.dispose();
    });
  }
});
