import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile, DEMO_PASSWORD } from './support/browser';
import { type ApiSession, apiSignIn, gridTotal, rowInvoiceNumbers, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

/** The data-testid (or, without one, the tag and accessible text) of the focused element. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    return (
      element.getAttribute('data-testid') ??
      `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()}`
    );
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on `testId`; fails after `limit` presses. */
async function tabTo(page: Page, testId: string, options: { back?: boolean; limit?: number } = {}) {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  const seen: string[] = [];
  for (let press = 0; press < (options.limit ?? 80); press += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (now === testId) return;
    seen.push(now);
  }
  throw new Error(`${testId} was not reached with ${key}; the focus went through: ${seen.join(' > ')}`);
}

/** demo.full's grid from a first visit's state: default columns, no promises on the first rows' invoices, empty cart. */
async function resetDemoFull(api: ApiSession) {
  expect((await api.send('DELETE', '/invoices/columns')).ok()).toBe(true);
  const { currentCustNo, currencyCode } = api.userData;
  const cart = await api.send('DELETE', `/payment/cart?custNo=${currentCustNo}&currencyCode=${currencyCode}`);
  expect(cart.ok()).toBe(true);
}

describe('accessibility', () => {
  it('runs axe under the portal’s Content-Security-Policy and reports what it finds', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const response = await page.goto(`${baseURL}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('sign-in').waitFor();
    await expectNoAxeViolations(page, 'the login page');
    // A nameless button on the live page: the check must turn red and say where and why.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'nameless';
      document.querySelector('main')?.append(button);
    });
    await expect(expectNoAxeViolations(page, 'the login page with a nameless button')).rejects.toThrow(
      /button-name \(critical\) at #nameless/,
    );
  });

  it('names each page, offers a skip link first and moves the focus to the new page’s heading', async () => {
    const page = await browsing.newPage({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseURL}/login`);
    await page.getByTestId('sign-in').waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Settle');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await page.getByTestId('login-name').fill('demo.full');
    await page.getByTestId('password').fill(DEMO_PASSWORD);
    await page.getByTestId('password').press('Enter');
    await page.waitForURL('**/home');
    await expect.poll(() => page.title()).toBe('Home · Settle');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await focused(page)).toBe('greeting');

    // On a signed-in page too the skip link comes first, before the navigation.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, 'skip-link', { back: true, limit: 30 });
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');

    await tabTo(page, 'nav-invoices', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/invoices(\?|$)/);
    await expect.poll(() => page.title()).toBe('Invoices · Settle');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Invoices');
  });

  // Hundreds of key presses, each followed by a look at the focus: twice the default time.
  it('works with the keyboard alone: sign in, filter, select two invoices, promise them, open the cart', async () => {
    // The set-up only: the flow itself signs in through the page.
    await resetDemoFull(await apiSignIn(baseURL, 'demo.full'));
    const page = await browsing.newPage({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await page.goto(`${baseURL}/login`);
    await page.getByTestId('sign-in').waitFor();
    await tabTo(page, 'login-name');
    await page.keyboard.type('demo.full');
    await tabTo(page, 'password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await expect.poll(() => focused(page)).toBe('greeting');

    await tabTo(page, 'nav-invoices', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/invoices(\?|$)/);
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    const everything = await gridTotal(page);

    // The advanced search: amount greater than 5000.
    await tabTo(page, 'search-toggle');
    await page.keyboard.press('Enter');
    await page.getByTestId('search-field-amount').waitFor();
    await tabTo(page, 'search-field-amount');
    await page.keyboard.press('Space');
    await tabTo(page, 'constraint-0');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'greater than', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'the constraint list opened by keyboard');
    for (let press = 0; press < 10; press += 1) {
      const active = page.getByRole('option', { name: 'greater than', exact: true });
      if ((await active.getAttribute('data-combobox-selected')) !== null) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('constraint-0').inputValue()).toBe('greater than');
    await tabTo(page, 'value-0');
    await page.keyboard.type('5000');
    await expect
      .poll(async () => {
        const total = await gridTotal(page);
        return total > 0 && total < everything;
      })
      .toBe(true);

    // Two invoices the rules let us promise, ticked with the space bar.
    const promisable: string[] = [];
    for (const invNo of await rowInvoiceNumbers(page)) {
      const button = page.getByTestId(`row-promise-${invNo}`);
      if ((await button.count()) > 0 && (await button.isEnabled())) promisable.push(invNo);
      if (promisable.length === 2) break;
    }
    expect(promisable).toHaveLength(2);
    for (const invNo of promisable) {
      await tabTo(page, `select-row-${invNo}`, { limit: 400 });
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByTestId(`select-row-${invNo}`).isChecked()).toBe(true);
    }
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toMatch(/^2\b/);

    await tabTo(page, 'toolbar-promise', { back: true, limit: 400 });
    await page.keyboard.press('Enter');
    await page.getByTestId('promise-date').waitFor();
    await expectNoAxeViolations(page, 'the promise modal opened by keyboard');
    // The date picker: open it, move a day on with the arrows, take it.
    await tabTo(page, 'promise-date', { limit: 10 });
    const before = await page.getByTestId('promise-date').textContent();
    await page.keyboard.press('Enter');
    // The calendar opens with the focus on a day.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.mantine-Popover-dropdown') !== null))
      .toBe(true);
    await expectNoAxeViolations(page, 'the promise calendar');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('promise-date').textContent()).not.toBe(before);
    // The chosen day closes the calendar and gives the focus back to the field.
    await expect.poll(() => focused(page)).toBe('promise-date');
    await tabTo(page, 'promise-confirm', { limit: 10 });
    await page.keyboard.press('Enter');
    for (const invNo of promisable) {
      await expect.poll(() => page.getByTestId(`row-remove-promise-${invNo}`).count()).toBe(1);
    }
    await expectNoAxeViolations(page, 'the grid with the promise notification');

    // Escape closes what is open; the cart link is in the header, behind us.
    await page.keyboard.press('Escape');
    await tabTo(page, 'cart-link', { back: true, limit: 400 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/paymentCart');
    await expect.poll(() => page.title()).toBe('Payment cart · Settle');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  }, 120_000);

  it('follows the system’s dark setting, keeps AA contrast there, and remembers the header’s choice', async () => {
    for (const locale of ['en-US', 'fr-FR'] as const) {
      const page = await signedInPage(browsing, {
        baseURL,
        loginName: locale === 'en-US' ? 'demo.full' : 'demo.single',
        path: '/invoices',
        context: { locale, colorScheme: 'dark', viewport: { width: 1366, height: 900 } },
      });
      await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await expectNoAxeViolations(page, `the invoice grid in the dark (${locale})`);
      const invNo = (await rowInvoiceNumbers(page))[0]!;
      await page.goto(`${baseURL}/detail/O/${invNo}`);
      await page.getByTestId('detail-title').waitFor();
      await expectNoAxeViolations(page, `the invoice detail in the dark (${locale})`);
      await page.goto(`${baseURL}/paymentCart`);
      await page.getByTestId('cart-summary').waitFor();
      await expectNoAxeViolations(page, `the payment cart in the dark (${locale})`);
      await page.goto(`${baseURL}/home`);
      await page.getByTestId('greeting').waitFor();
      await expectNoAxeViolations(page, `home in the dark (${locale})`);

      // The header's switch, by keyboard: light, whatever the system says, and kept after a reload.
      // From the page's heading, as after a navigation: home's dashboard below it has many stops.
      await page.getByTestId('greeting').focus();
      await tabTo(page, 'color-scheme-switch', { back: true });
      await page.keyboard.press('Enter');
      await page.getByTestId('color-scheme-light').waitFor();
      await expectNoAxeViolations(page, `the colour scheme menu (${locale})`);
      for (let press = 0; press < 3 && (await focused(page)) !== 'color-scheme-light'; press += 1) {
        await page.keyboard.press('ArrowDown');
      }
      expect(await page.getByTestId('color-scheme-auto').getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
      await page.reload();
      await page.getByTestId('greeting').waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
      await expectNoAxeViolations(page, `home in the light chosen on a dark system (${locale})`);
    }
  }, 180_000);
});
