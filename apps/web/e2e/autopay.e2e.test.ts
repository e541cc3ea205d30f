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
// Maple Ridge Foods (USD and CAD): a customer of demo.full that no other flow pays, so that the server's
// own autopay job, should it tick while the rule exists, touches nothing another flow relies on.
const CUST_NO = 'C10004';

async function openAs(api: ApiSession, route: string, language: 'en' | 'fr') {
  const { cookies } = await api.request.storageState();
  const french = { language: 'fr', localeForFormatting: 'fr-FR', locale: 'fr_FR' };
  const userData = {
    ...api.userData,
    currentCustNo: CUST_NO,
    currencyCode: 'USD',
    ...(language === 'fr' ? french : {}),
  };
  const context = await browsing.newContext({
    viewport: WIDE,
    locale: language === 'fr' ? 'fr-FR' : 'en-US',
    storageState: {
      cookies,
      origins: [{ origin: baseURL, localStorage: [{ name: 'userData', value: JSON.stringify(userData) }] }],
    },
  });
  const page = await context.newPage();
  await page.goto(`${baseURL}${route}`);
  return page;
}

async function shootBoth(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: path.join(SCREENS, `${name}-1366.png`), fullPage: true });
  await page.setViewportSize(NARROW);
  await expectNoAxeViolations(page, `${name} at 360 px`);
  await page.screenshot({ path: path.join(SCREENS, `${name}-360.png`), fullPage: true });
  await page.setViewportSize(WIDE);
}

describe('autopay', () => {
  it('sets a rule in the profile, shows it in the upcoming autopayments widget and skips one invoice (en, fr)', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const dashboard = await (await api.send('GET', '/dashboard')).json();
    const bank = await api.send('POST', '/payment/add/', {
      profileType: 'ECHECK',
      custNo: CUST_NO,
      name: 'Maple Ridge Foods',
      accountType: 'Checking',
      routingNum: '021000021',
      accountNum: '000987654321',
      aliasName: 'Maple operating',
    });
    expect(bank.ok(), await bank.text()).toBe(true);
    const profileId = (await bank.json()).paymentProfileId as number;
    try {
      // The widget on the dashboard, as a user adds it (the board's add menu saves the same document).
      const withWidget = structuredClone(dashboard);
      withWidget.rows[0].columns[0].widgets.push({
        id: 'autopay',
        type: 'upcomingAutopay',
        title: '',
        config: {},
        refreshInterval: 0,
      });
      expect((await api.send('PUT', '/dashboard', withWidget)).ok()).toBe(true);

      const page = await openAs(api, '/profile', 'en');
      await page.getByTestId('profile-tab-autopay').click();
      await page.getByTestId('autopay-settings').waitFor();
      expect(await page.getByTestId('autopay-status').textContent()).toBe('Off');
      await page.getByTestId('autopay-profile').click();
      await page.getByRole('option', { name: /Maple operating/ }).click();
      await page.getByTestId('autopay-days-before').fill('5');
      await page.getByTestId('autopay-save').click();
      await page.getByTestId('autopay-saved').waitFor();
      await expect.poll(() => page.getByTestId('autopay-status').textContent()).toBe('On');
      await expectNoAxeViolations(page, 'the autopay tab');
      await shootBoth(page, 'autopay-profile-en');

      await page.goto(`${baseURL}/home`);
      const widget = page.getByTestId(`autopay-upcoming-${CUST_NO}-USD`);
      await widget.waitFor();
      const rows = widget.locator('[data-testid^="autopay-row-"]');
      await rows.first().waitFor();
      const planned = async () =>
        (
          (await (await api.send('GET', '/payment/autopay/upcoming')).json()) as Array<{
            invoices: Array<{ invNo: string }>;
          }>
        )[0]!.invoices.map((invoice) => invoice.invNo);
      const before = await planned();
      expect(await widget.getByTestId('autopay-next-run').textContent()).toMatch(
        /^C10004: next autopayment on .+, .*\d\.\d{2}/,
      );
      const first = ((await rows.first().getAttribute('data-testid')) ?? '').replace('autopay-row-', '');
      await expectNoAxeViolations(page, 'the upcoming autopayments widget');
      await widget.getByTestId(`autopay-skip-${first}`).click();
      await expect.poll(() => widget.getByTestId(`autopay-row-${first}`).count()).toBe(0);
      const after = await planned();
      expect(before).toContain(first);
      expect(after).toEqual(before.filter((invNo) => invNo !== first));
      await shootBoth(page, 'autopay-widget-en');

      const french = await openAs(api, '/home', 'fr');
      const widgetFr = french.getByTestId(`autopay-upcoming-${CUST_NO}-USD`);
      await widgetFr.locator('[data-testid^="autopay-row-"]').first().waitFor();
      expect(await widgetFr.getByTestId('autopay-next-run').textContent()).toMatch(
        /^C10004 : prochain paiement automatique le .+\d,\d{2}/,
      );
      await expectNoAxeViolations(french, 'the upcoming autopayments widget (fr)');
      await shootBoth(french, 'autopay-widget-fr');
      await french.goto(`${baseURL}/profile`);
      await french.getByTestId('profile-tab-autopay').click();
      await french.getByTestId('autopay-settings').waitFor();
      expect(await french.getByTestId('autopay-status').textContent()).toBe('Activé');
      await expectNoAxeViolations(french, 'the autopay tab (fr)');
      await shootBoth(french, 'autopay-profile-fr');
    } finally {
      await api.send('DELETE', `/payment/autopay/rules/${CUST_NO}/USD`);
      await api.send('PUT', `/payment/delete?paymentProfileId=${profileId}`);
      await api.send('PUT', '/dashboard', dashboard);
    }
    // Two languages, two screens, two widths, each checked by axe on a shared 2-core machine.
  }, 150_000);
});
