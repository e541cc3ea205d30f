import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser';
import { amountOf, gridTotal, rowInvoiceNumbers, signIn } from './support/session';

let browser: Browser;
let page: Page;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({
    locale: 'en-US',
    viewport: { width: 1400, height: 1000 },
    acceptDownloads: true,
  });
  await signIn(page, baseURL, 'demo.full');
  await page.goto(`${baseURL}/invoices`);
  await page.getByTestId('invoice-grid').waitFor();
  await page.locator('[data-testid^="invoice-row-"]').nth(49).waitFor();
});
afterAll(() => browser?.close());

/** The first row whose given action button is enabled. */
async function firstRowWithEnabled(action: string): Promise<string> {
  for (const invNo of await rowInvoiceNumbers(page)) {
    const button = page.getByTestId(`row-${action}-${invNo}`);
    if ((await button.count()) > 0 && (await button.isEnabled())) return invNo;
  }
  throw new Error(`no row allows ${action}`);
}

describe('the invoice grid', () => {
  it('filters open and closed, sorts, and pages on the server', async () => {
    const openTotal = await gridTotal(page);
    expect(openTotal).toBeGreaterThan(50);
    await page.getByTestId('status-closed').click();
    await expect.poll(() => page.url()).toContain('status=C');
    await expect.poll(() => gridTotal(page)).not.toBe(openTotal);
    await expect
      .poll(async () => (await page.getByTestId('grid-totals').textContent()) ?? '')
      .toContain('$0.00');
    await page.getByTestId('status-open').click();
    await expect.poll(() => gridTotal(page)).toBe(openTotal);

    await page.getByTestId('sort-amount').click();
    await page.getByTestId('sort-amount').click();
    await expect
      .poll(async () => {
        const cells = page.locator('[data-testid^="invoice-row-"] td[data-field="amount"]');
        const first = amountOf(await cells.nth(0).textContent());
        const second = amountOf(await cells.nth(1).textContent());
        return first >= second && first > 10_000;
      })
      .toBe(true);
    const firstPage = await rowInvoiceNumbers(page);
    await page.getByTestId('page-next').click();
    await expect.poll(() => page.getByTestId('grid-range').textContent()).toMatch(/^51/);
    await expect.poll(() => rowInvoiceNumbers(page)).not.toEqual(firstPage);
    await page.getByTestId('sort-dueDate').click();
    await expect.poll(() => page.getByTestId('grid-range').textContent()).toMatch(/^1/);
  });

  it('keeps a hidden and a moved column after a reload', async () => {
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('column-toggle-poNumber').click();
    await page.getByTestId('column-left-dueDate').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('column-header-poNumber').count()).toBe(0);
    await page.waitForTimeout(1200); // the preferences are saved after a short pause
    await page.reload();
    await page.getByTestId('invoice-grid').waitFor();
    await expect.poll(() => page.locator('[data-testid^="column-header-"]').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('column-header-poNumber').count()).toBe(0);
    const headers = await page
      .locator('[data-testid^="column-header-"]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-testid')));
    expect(headers.indexOf('column-header-dueDate')).toBeLessThan(
      headers.indexOf('column-header-invoiceDate'),
    );
    await screenshot(page, 'invoices-en');
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('columns-reset').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('column-header-poNumber').count()).toBe(1);
  });

  it('opens an invoice and its documents in the viewer: page 2, zoom, download', async () => {
    const invNos = (await rowInvoiceNumbers(page)).slice(0, 3);
    await page.getByTestId(`invoice-link-${invNos[0]}`).click();
    await page.waitForURL(`**/detail/O/${invNos[0]}`);
    await expect.poll(() => page.getByTestId('detail-title').textContent()).toContain(invNos[0]!);
    await expect.poll(() => page.locator('[data-testid^="line-"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'invoice-detail-en');
    await page.getByTestId('back-to-invoices').click();
    await page.getByTestId('invoice-grid').waitFor();

    for (const invNo of invNos) await page.getByTestId(`select-row-${invNo}`).check();
    await page.getByTestId('toolbar-print').click();
    await page.getByTestId('viewer-canvas').waitFor();
    await expect.poll(() => page.getByTestId('viewer-page-total').textContent()).toMatch(/of 3/);
    await expect.poll(() => page.getByTestId('viewer-spinner').count()).toBe(0);
    await page.getByTestId('viewer-next').click();
    await expect.poll(() => page.getByTestId('viewer-page-input').inputValue()).toBe('2');
    await page.getByTestId('viewer-zoom-in').click();
    await expect.poll(() => page.getByTestId('viewer-zoom-level').textContent()).toBe('110%');
    await screenshot(page, 'viewer-en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('viewer-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoices.pdf');
    const file = await download.path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('viewer-close').click();
    await expect.poll(() => page.getByTestId('document-viewer').count()).toBe(0);
    await page.getByTestId('selection-clear').click();
  });

  it('exports every matching row to Excel', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel-all').click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoices-C10001-USD-open.xlsx');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBeGreaterThan(5_000);
  });

  it('promises to pay and removes the promise', async () => {
    const invNo = await firstRowWithEnabled('promise');
    await page.getByTestId(`row-promise-${invNo}`).click();
    await page.getByTestId('promise-date').waitFor();
    await screenshot(page, 'promise-en');
    await page.getByTestId('promise-confirm').click();
    await expect.poll(() => page.getByTestId(`row-remove-promise-${invNo}`).count()).toBe(1);
    await page.getByTestId(`row-remove-promise-${invNo}`).click();
    await page.getByRole('button', { name: 'Remove promise' }).last().click();
    await expect.poll(() => page.getByTestId(`row-promise-${invNo}`).count()).toBe(1);
  });

  it('adds to the cart, shows the count, and removes with confirmation', async () => {
    const invNo = await firstRowWithEnabled('add-to-cart');
    await page.getByTestId(`row-add-to-cart-${invNo}`).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.getByTestId('cart-link').click();
    await page.waitForURL('**/paymentCart');
    await page.getByTestId(`cart-row-${invNo}`).waitFor();
    await screenshot(page, 'cart-en');
    await page.getByTestId(`cart-remove-${invNo}`).click();
    await expect.poll(() => page.getByText('Are you sure you want to remove this invoice?').count()).toBe(1);
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByTestId(`cart-row-${invNo}`).count()).toBe(0);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
  });
});

describe('in French', () => {
  it('shows the grid, the detail and the cart in French', async () => {
    const french = await browser.newPage({ locale: 'fr-FR', viewport: { width: 1400, height: 1000 } });
    await signIn(french, baseURL, 'demo.single');
    await french.goto(`${baseURL}/invoices`);
    await french.getByTestId('invoice-grid').waitFor();
    await expect.poll(() => french.getByRole('heading', { name: 'Factures' }).count()).toBe(1);
    await expect
      .poll(async () => /\d,\d{2}\s?€/.test((await french.getByTestId('grid-totals').textContent()) ?? ''))
      .toBe(true);
    await screenshot(french, 'invoices-fr');
    const invNo = (await rowInvoiceNumbers(french))[0]!;
    await french.getByTestId(`invoice-link-${invNo}`).click();
    await expect.poll(() => french.getByTestId('detail-title').textContent()).toContain(invNo);
    await screenshot(french, 'invoice-detail-fr');
    await french.goto(`${baseURL}/paymentCart`);
    await french.getByTestId('cart-summary').waitFor();
    await screenshot(french, 'cart-fr');
    await french.close();
  });
});
