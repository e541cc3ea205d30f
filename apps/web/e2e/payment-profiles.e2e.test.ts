import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { type ApiSession, apiSignIn } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
const SCREENS = path.join(REPO_ROOT, 'screens');
const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 360, height: 800 };

async function openAs(
  api: ApiSession,
  options: { route: string; language: 'en' | 'fr'; viewport?: typeof WIDE },
) {
  const { cookies } = await api.request.storageState();
  const userData =
    options.language === 'fr'
      ? { ...api.userData, language: 'fr', localeForFormatting: 'fr-FR', locale: 'fr_FR' }
      : api.userData;
  const context = await browsing.newContext({
    viewport: options.viewport ?? WIDE,
    locale: options.language === 'fr' ? 'fr-FR' : 'en-US',
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
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

async function profileIds(api: ApiSession): Promise<number[]> {
  const response = await api.send('GET', '/payment/profiles?orderbyexpirationdate=true');
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Array<{ id: number }>).map((profile) => profile.id);
}

async function oneInvoiceInCart(api: ApiSession): Promise<string> {
  const { currentCustNo: custNo, currencyCode } = api.userData;
  const list = await api.send(
    'GET',
    `/invoices?custNo=${custNo}&currencyCode=${currencyCode}&status=O&page=1&pageSize=100&sort=invNo&dir=asc`,
  );
  const rows = (await list.json()).rows as Array<{
    invNo: string;
    balance: string;
    disputeAmount: string;
    paymentPending: string;
  }>;
  const invNo = rows.find(
    (row) => Number(row.balance) > 0 && Number(row.disputeAmount) === 0 && row.paymentPending === 'false',
  )!.invNo;
  await api.send('DELETE', `/payment/cart?custNo=${custNo}&currencyCode=${currencyCode}`);
  const added = await api.send('POST', '/payment/cart/add', { custNo, currencyCode, invNo: [invNo] });
  expect(added.ok(), await added.text()).toBe(true);
  return invNo;
}

const dialog = (page: Page, testId: string) => page.getByTestId(testId).getByRole('dialog');

describe('saved payment profiles', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`saves a card through the sandbox window, pays the cart with it in one click, re-dates it, deletes it (${language})`, async () => {
      const api = await apiSignIn(baseURL, 'demo.full');
      const before = await profileIds(api);
      const page = await openAs(api, { route: '/profile', language });
      await page.getByTestId('profile-tab-cards').click();
      await page.getByTestId('profiles-cards').waitFor();
      await expectNoAxeViolations(page, `saved cards (${language})`);
      await shoot(page, `profiles-cards-1366-${language}`);

      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByTestId('profile-add-card').click(),
      ]);
      await popup.locator('#number').waitFor();
      await popup.locator('#number').fill('4242 4242 4242 4242');
      await popup.locator('#expiry').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
      await popup.locator('#cvc').fill('123');
      await popup.locator('#name').fill('Jane Doe');
      await popup.locator('form:not(#cancel-form) button[type="submit"]').first().click();
      await expect
        .poll(async () => (await profileIds(api)).length, { timeout: 20_000 })
        .toBe(before.length + 1);
      const id = (await profileIds(api)).find((candidate) => !before.includes(candidate))!;
      await page.getByTestId(`profile-${id}`).waitFor({ timeout: 20_000 });

      // One click on the cart.
      await oneInvoiceInCart(api);
      await page.goto(`${baseURL}/paymentCart`);
      await page.getByTestId('profile-panel-CREDIT_CARD').getByRole('button').first().click();
      await page.getByTestId(`profile-option-${id}`).click();
      await expectNoAxeViolations(page, `the cart's profile panels (${language})`);
      await shoot(page, `cart-profiles-1366-${language}`);
      // A selected card leaves the hosted card pages unusable until it is unselected.
      await expect.poll(() => page.getByTestId('pay-CREDIT_CARD').getAttribute('aria-disabled')).toBe('true');
      // The same tables as the profile screen, from the cart.
      await page.getByTestId('profiles-manage').click();
      await page.getByTestId('profiles-manage-dialog').getByTestId(`profile-${id}`).waitFor();
      await expectNoAxeViolations(page, `the manage dialog (${language})`);
      await shoot(page, `cart-manage-profiles-1366-${language}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('profiles-manage-dialog').getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByTestId('profile-pay-CREDIT_CARD').click();
      await dialog(page, 'receipt-dialog').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('receipt-status').getAttribute('data-status')).toBe('SUCCESS');
      await expectNoAxeViolations(page, `the receipt of a saved card (${language})`);
      await page.getByTestId('receipt-close').click();

      // Its expiry, wrong then right.
      await page.goto(`${baseURL}/profile`);
      await page.getByTestId('profile-tab-cards').click();
      await page.getByTestId(`profile-${id}-edit`).click();
      const expiry = page.getByTestId(`profile-${id}-expiry`);
      await expiry.fill('13/2030');
      await expect.poll(() => page.getByTestId(`profile-${id}-save`).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, `the expiry editor with an error (${language})`);
      await expiry.fill(`03 / ${new Date().getFullYear() + 4}`);
      await page.getByTestId(`profile-${id}-save`).click();
      await expect
        .poll(() => page.getByTestId(`profile-${id}`).textContent())
        .toContain(`03 / ${new Date().getFullYear() + 4}`);

      await page.getByTestId(`profile-${id}-delete`).click();
      await dialog(page, 'profile-delete-dialog').waitFor();
      await expectNoAxeViolations(page, `the delete confirmation (${language})`);
      await page.getByTestId('profile-delete-confirm').click();
      await page.getByTestId(`profile-${id}`).waitFor({ state: 'detached' });
      expect(await profileIds(api)).not.toContain(id);

      await dialog(page, 'profile-delete-dialog').waitFor({ state: 'detached' });
      await page.setViewportSize(NARROW);
      await shoot(page, `profiles-cards-360-${language}`);
      await api.request.dispose();
    });
  }
});
