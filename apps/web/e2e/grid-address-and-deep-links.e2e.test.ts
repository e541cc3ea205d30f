import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, DEMO_PASSWORD } from './support/browser';
import { latestSentAt, newestCode } from './support/outbox';
import { type ApiSession, apiSignIn, rowInvoiceNumbers, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

/** demo.full's grid from the default columns and sort (another flow may have saved a sort). */
async function resetColumns(api: ApiSession) {
  expect((await api.send('DELETE', '/invoices/columns')).ok()).toBe(true);
}

/**
 * The invoice numbers on screen once the address is `search` and the grid shows other rows
 * than `before` (the address changes before React draws the new page, so the URL alone
 * does not tell that the rows are there).
 */
async function newRows(page: Page, search: string, before: string[]): Promise<string[]> {
  await expect.poll(() => new URL(page.url()).search).toBe(search);
  await expect.poll(() => rowInvoiceNumbers(page)).not.toEqual(before);
  await expect.poll(() => page.getByTestId('invoice-grid').getAttribute('aria-busy')).toBeNull();
  return rowInvoiceNumbers(page);
}

/** Waits until the address is `search` and the rows on screen are `expected`. */
async function expectRows(page: Page, search: string, expected: string[]): Promise<void> {
  await expect.poll(() => new URL(page.url()).search).toBe(search);
  await expect.poll(() => rowInvoiceNumbers(page)).toEqual(expected);
}

/** The login page already open (with the deep link in its address), filled and sent. */
async function fillSignInForm(page: Page, loginName: string) {
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('password').fill(DEMO_PASSWORD);
  await page.getByTestId('sign-in').click();
}

/** Clicks a pager or sort control and waits for the list call it makes. */
async function clickAndLoad(page: Page, testId: string) {
  await Promise.all([
    page.waitForResponse((response) => /\/invoices\?.*pageSize=/.test(response.url())),
    page.getByTestId(testId).click(),
  ]);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('the grid in the page address', () => {
  it('keeps page and sort through a reload, Back and a link opened by someone else', async () => {
    const page = await signedInPage(browsing, {
      baseURL,
      loginName: 'demo.full',
      path: '/invoices',
      context: { locale: 'en-US', viewport: { width: 1400, height: 1000 } },
      prepare: resetColumns,
    });
    // The saved sort is written into the address at once: Back to this entry keeps it.
    const firstPage = await newRows(page, '?sort=dueDate&dir=asc', []);

    await clickAndLoad(page, 'page-next');
    const secondPage = await newRows(page, '?sort=dueDate&dir=asc&page=2', firstPage);

    await clickAndLoad(page, 'sort-amount');
    const byAmount = await newRows(page, '?sort=amount&dir=asc', secondPage);
    await clickAndLoad(page, 'page-next');
    const byAmountPage2 = await newRows(page, '?sort=amount&dir=asc&page=2', byAmount);

    await page.reload();
    await expectRows(page, '?sort=amount&dir=asc&page=2', byAmountPage2);
    expect(await page.getByTestId('column-header-amount').getAttribute('aria-sort')).toBe('ascending');

    await page.goBack();
    await expectRows(page, '?sort=amount&dir=asc', byAmount);
    await page.goBack();
    await expectRows(page, '?sort=dueDate&dir=asc&page=2', secondPage);

    // The same address in another browser, signed in as the same user: the same rows.
    const shared = await signedInPage(browsing, {
      baseURL,
      loginName: 'demo.full',
      path: '/invoices?sort=amount&dir=asc&page=2',
      context: { locale: 'en-US', viewport: { width: 1400, height: 1000 } },
    });
    await expectRows(shared, '?sort=amount&dir=asc&page=2', byAmountPage2);
  });
});

describe('a deep link opened while signed out', () => {
  it('comes back to an invoice after the password', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const { currentCustNo, currencyCode } = api.userData;
    const list = await api.send(
      'GET',
      `/invoices?custNo=${currentCustNo}&currencyCode=${currencyCode}&status=O&page=1&pageSize=1&sort=invNo&dir=desc`,
    );
    const invNo = ((await list.json()) as { rows: Array<{ invNo: string }> }).rows[0]!.invNo;
    await api.request.dispose();

    const page = await browsing.newPage({ locale: 'en-US' });
    await page.goto(`${baseURL}/detail/O/${encodeURIComponent(invNo)}`);
    await page.waitForURL('**/login?returnTo=*');
    await fillSignInForm(page, 'demo.full');
    await expect.poll(() => pathOf(page)).toBe(`/detail/O/${encodeURIComponent(invNo)}`);
    await page.getByText(invNo, { exact: true }).first().waitFor();
  });

  it('comes back to the grid page it named, through the texted code, and never to another site', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const wanted = '/invoices?page=2&sort=invNo&dir=desc';
    await page.goto(`${baseURL}${wanted}`);
    await page.waitForURL('**/login?returnTo=*');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(wanted);

    const since = await latestSentAt(baseURL, '5550100042');
    await fillSignInForm(page, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    const code = await newestCode(baseURL, '5550100042', since);
    await page.getByTestId('pin-digit-0').click();
    await page.keyboard.type(code);
    await page.getByTestId('pin-verify').click();

    await expect.poll(() => pathOf(page)).toBe(wanted);
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    expect(await page.getByTestId('column-header-invNo').getAttribute('aria-sort')).toBe('descending');

    // Signed in, a login link naming another site goes home instead.
    await page.goto(`${baseURL}/login?returnTo=${encodeURIComponent('//example.com/invoices')}`);
    await expect.poll(() => pathOf(page)).toBe('/home');
  });
});
