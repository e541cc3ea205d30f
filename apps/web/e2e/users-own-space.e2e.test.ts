import path from 'node:path';
import { defaultDashboard } from '@settle/shared/dashboard';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { apiSignIn, signedInPage, signInThroughForm } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
// Looked at by a person, not compared: kept out of the repository.
const SCREENS = path.join(REPO_ROOT, 'screens');

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
  // The first screen as the user sees it (a full page hides what the fixed header covers).
  await page.screenshot({ path: path.join(SCREENS, `${name}-top.png`) });
}

async function open(loginName: string, pagePath: string, options: { locale?: string; width?: number } = {}) {
  return signedInPage(browsing, {
    baseURL,
    loginName,
    path: pagePath,
    context: { locale: options.locale ?? 'en-US', viewport: { width: options.width ?? 1366, height: 900 } },
  });
}

/** Puts a user's profile, dashboard or default company back as the demo had it, whatever the test did. */
async function restore(
  loginName: string,
  change: (api: Awaited<ReturnType<typeof apiSignIn>>) => Promise<unknown>,
) {
  const api = await apiSignIn(baseURL, loginName);
  try {
    await change(api);
  } finally {
    await api.request.dispose();
  }
}

describe("the user's own space", () => {
  it('changes the language in the profile and the whole interface turns French, formats included', async () => {
    const page = await open('demo.limited', '/home');
    try {
      await page.getByTestId('user-full-name').click();
      await page.waitForURL('**/profile');
      await page.getByTestId('profile-first-name').waitFor();
      await expectNoAxeViolations(page, 'the profile');
      await screenshot(page, 'profile-en-1366');

      await page.getByTestId('profile-language').click();
      await page.getByRole('option', { name: 'Français' }).click();
      await page.getByTestId('profile-locale').click();
      await page.getByRole('option', { name: 'Français (France)' }).click();
      await page.getByTestId('profile-save').click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mon profil');
      await page.getByText('Profil enregistré').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      await expect.poll(() => page.getByTestId('nav-invoices').first().textContent()).toBe('Factures');
      await expectNoAxeViolations(page, 'the profile in French');
      await screenshot(page, 'profile-fr-1366');

      // The new formats everywhere at once: home's amounts in fr-FR.
      await page.getByTestId('nav-home').first().click();
      await expect
        .poll(
          async () =>
            ((await page.locator('main').textContent()) ?? '').match(/\d,\d{2}\s?(\$|US\$|€|£)/) !== null,
        )
        .toBe(true);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`${baseURL}/profile`);
      await page.getByTestId('profile-first-name').waitFor();
      await expectNoAxeViolations(page, 'the profile in French at 360 px');
      await screenshot(page, 'profile-fr-360');
    } finally {
      await restore('demo.limited', async (api) => {
        const profile = await (await api.send('GET', '/user/profile')).json();
        const back = await api.send('PUT', '/user/profile', {
          ...profile,
          preferredLanguage: 'en',
          locale: 'en_US',
          currentPswd: '',
          newPswd: '',
          confirmPswd: '',
        });
        expect(back.status(), await back.text()).toBe(200);
      });
    }
  });

  it('arranges the dashboard in 4-8, adds aging and disputes, and finds them after a reload', {
    timeout: 180_000,
  }, async () => {
    const page = await open('demo.full', '/home');
    try {
      await page.getByTestId('dashboard-arrange').click();
      await page.getByTestId('dashboard-layout').click();
      await page.getByRole('option', { name: 'Narrow and wide (4-8)' }).click();
      for (const name of ['Aging', 'My disputes']) {
        await page.getByTestId('dashboard-add-type').click();
        await page.getByRole('option', { name }).click();
        await page.getByTestId('dashboard-add').click();
      }
      // By keyboard: the new aging widget one column to the right.
      const aging = page.locator('[data-testid="widget-aging-1"]');
      await aging.getByRole('button', { name: 'Move Aging to the next column' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page.getByTestId('dashboard-column-0-1').locator('[data-testid="widget-aging-1"]').count(),
        )
        .toBe(1);
      await expectNoAxeViolations(page, 'the dashboard being arranged');
      await page.getByTestId('dashboard-save').click();
      await page.getByTestId('dashboard-arrange').waitFor();

      await page.reload();
      await page.getByTestId('dashboard-column-0-1').waitFor();
      expect(await page.getByTestId('dashboard-column-0-0').getAttribute('data-width')).toBe('4');
      expect(await page.getByTestId('dashboard-column-0-1').getAttribute('data-width')).toBe('8');
      await page.getByTestId('dashboard-column-0-1').locator('[data-testid="widget-aging-1"]').waitFor();
      await page.getByTestId('dashboard-column-0-0').locator('[data-testid="widget-myDisputes-1"]').waitFor();
      // Each widget loaded on its own: the aging table and the dispute rows are there.
      await page.getByTestId('aging-table').first().waitFor();
      await page.locator('[data-testid^="disputes-widget-row-"]').first().waitFor();
      await expectNoAxeViolations(page, 'the arranged dashboard');
      await screenshot(page, 'home-en-1366');
      await page.setViewportSize({ width: 360, height: 800 });
      await expectNoAxeViolations(page, 'the arranged dashboard at 360 px');
      await screenshot(page, 'home-en-360');
    } finally {
      await restore('demo.full', async (api) => {
        const response = await api.send('PUT', '/dashboard', defaultDashboard('My dashboard'));
        expect(response.status(), await response.text()).toBe(200);
      });
    }
  });

  it('adds an overdue invoice to the cart from the widget', async () => {
    const page = await open('demo.full', '/home');
    let added: string | null = null;
    try {
      const row = page.locator('[data-testid^="due-row-"][data-overdue-status="P"]').filter({
        has: page.locator('[data-testid^="due-add-"]:not([disabled])'),
      });
      await row.first().waitFor();
      added = ((await row.first().getAttribute('data-testid')) ?? '').replace('due-row-', '');
      const before = Number((await page.getByTestId('cart-count').textContent())?.replace(/\D/g, '') || 0);
      await page.getByTestId(`due-add-${added}`).click();
      await expect.poll(() => page.getByTestId(`due-row-${added}`).textContent()).toContain('In cart');
      await expect
        .poll(async () =>
          Number((await page.getByTestId('cart-count').textContent())?.replace(/\D/g, '') || 0),
        )
        .toBe(before + 1);
      await expectNoAxeViolations(page, 'home after adding to the cart');
    } finally {
      if (added) {
        const invNo = added;
        await restore('demo.full', (api) =>
          api.send('POST', '/payment/cart/remove', { custNo: 'C10001', currencyCode: 'USD', invNo: [invNo] }),
        );
      }
    }
  });

  it('switches company from the menu, makes it the default, and the default is current at the next sign-in', {
    timeout: 120_000,
  }, async () => {
    const page = await browsing.newPage({ locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    try {
      await signInThroughForm(page, baseURL, 'demo.full');
      await page.getByTestId('company-switcher').click();
      const panel = page.getByTestId('company-switcher-panel');
      await panel.getByTestId('company-C10001').waitFor();
      expect(await panel.getByTestId('company-C10001').getAttribute('aria-current')).toBe('true');
      await expectNoAxeViolations(page, 'the company switcher');
      await screenshot(page, 'companies-1366');
      await panel.getByTestId('company-C10002').click();
      await expect
        .poll(() => page.getByTestId('account-select').inputValue())
        .toBe('Bluewater Logistics Ltd (C10002)');
      // Open screens follow: the summary is the new company's.
      await expect.poll(() => page.getByTestId('current-account').textContent()).toContain('C10002');

      await page.getByTestId('company-switcher').click();
      // The switcher marks the company switched to once its list is fetched again.
      await expect.poll(() => panel.getByTestId('company-C10002').getAttribute('aria-current')).toBe('true');
      await expectNoAxeViolations(page, 'the company switcher after a switch');
      await page.getByTestId('company-default-C10002').click();
      await expect.poll(() => page.getByTestId('company-default-C10002').isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      // A choice made after the default does not outlive the session: the default wins.
      await page.getByTestId('account-select').click();
      await page.getByRole('option', { name: 'Acme Industrial Supply (C10001)' }).click();
      await expect
        .poll(() => page.getByTestId('account-select').inputValue())
        .toBe('Acme Industrial Supply (C10001)');

      await page.getByTestId('sign-out').click();
      await page.waitForURL('**/login');
      await signInThroughForm(page, baseURL, 'demo.full');
      await expect
        .poll(() => page.getByTestId('account-select').inputValue())
        .toBe('Bluewater Logistics Ltd (C10002)');
    } finally {
      await restore('demo.full', async (api) => {
        expect((await api.send('PUT', '/companies/default/C10001')).status()).toBe(200);
        expect((await api.send('PUT', '/user/currenctCust/C10001', {})).status()).toBe(200);
      });
    }
  });
});
