import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { API_BASE } from './support/launch-server';
import { signInThroughForm } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

describe('sign in, switch account and currency, sign out', () => {
  it('walks the whole slice as demo.full', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    // An unknown address says so, and offers the way to sign in.
    await page.goto(`${baseURL}/some/unknown/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toBe('Sign in');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('button', { name: /privacy/i }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /terms/i }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the login page');

    await signInThroughForm(page, baseURL, 'demo.full');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Alex Morgan');
    const account = page.getByTestId('account-select');
    await expect.poll(() => account.inputValue()).toBe('Acme Industrial Supply (C10001)');
    expect(await page.getByTestId('currency-select').inputValue()).toBe('USD');
    await expect.poll(() => page.getByText(/Open balance/i).count()).toBeGreaterThan(0);
    const userData = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}'));
    expect(userData.currentCustNo).toBe('C10001');
    await expectNoAxeViolations(page, 'home');

    await account.click();
    await page.getByRole('option', { name: 'Bluewater Logistics Ltd (C10002)' }).waitFor();
    await expectNoAxeViolations(page, 'the open account selector');
    await page.getByRole('option', { name: 'Bluewater Logistics Ltd (C10002)' }).click();
    await expect.poll(() => account.inputValue()).toBe('Bluewater Logistics Ltd (C10002)');
    await expect.poll(() => page.getByTestId('currency-select').inputValue()).toBe('GBP');
    await expect.poll(() => page.getByText(/C10002/).count()).toBeGreaterThan(0);

    await page.getByTestId('currency-select').click();
    await page.getByRole('option', { name: 'EUR' }).click();
    await expect.poll(() => page.getByTestId('currency-select').inputValue()).toBe('EUR');
    await expect.poll(() => page.getByText(/€/).count()).toBeGreaterThan(0);

    // The choice lives on the server: a reload keeps it.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('account-select').inputValue())
      .toBe('Bluewater Logistics Ltd (C10002)');
    await expect.poll(() => page.getByTestId('currency-select').inputValue()).toBe('EUR');

    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    const after = await page.request.get(`${baseURL}${API_BASE}/invoices/associationAccounts`);
    expect(after.status()).toBe(401);
  });

  it('shows a French user the portal in French with French formats', async () => {
    const page = await browsing.newPage({ locale: 'fr-FR' });
    await page.goto(`${baseURL}/login`);
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toMatch(/Se connecter/i);
    await expectNoAxeViolations(page, 'the login page in French');
    await signInThroughForm(page, baseURL, 'demo.single');
    await expect
      .poll(() => page.getByTestId('account-select').inputValue())
      .toBe('Château Verde SARL (C10003)');
    await expect.poll(() => page.getByText(/Solde ouvert|Solde/i).count()).toBeGreaterThan(0);
    // fr-FR currency: decimal comma and the euro sign after the amount.
    await expect
      .poll(async () => ((await page.locator('body').textContent()) ?? '').match(/\d,\d{2}\s?€/) !== null)
      .toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expectNoAxeViolations(page, 'home in French');
  });
});
