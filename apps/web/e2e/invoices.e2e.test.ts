import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { type ApiSession, amountOf, gridTotal, rowInvoiceNumbers, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

/** demo.full's grid as a first visit shows it: the default columns and sort, an empty cart. */
async function resetDemoFull(api: ApiSession) {
  expect((await api.send('DELETE', '/invoices/columns')).ok()).toBe(true);
  const { currentCustNo, currencyCode } = api.userData;
  const cart = await api.send('DELETE', `/payment/cart?custNo=${currentCustNo}&currencyCode=${currencyCode}`);
  expect(cart.ok()).toBe(true);
}

/** demo.full signed in on /invoices, from the default state, with the first page of 50 rows on screen. */
async function openGrid(options: { loginName?: string; locale?: string } = {}): Promise<Page> {
  const page = await signedInPage(browsing, {
    baseURL,
    loginName: options.loginName ?? 'demo.full',
    path: '/invoices',
    context: {
      locale: options.locale ?? 'en-US',
      viewport: { width: 1400, height: 1000 },
      acceptDownloads: true,
    },
    prepare: options.loginName ? undefined : resetDemoFull,
  });
  await page.getByTestId('invoice-grid').waitFor();
  await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
  return page;
}

/** At a 1366 px wide window, the default columns fit: the grid's container does not scroll sideways. */
async function expectGridFitsAt1366(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect
    .poll(() =>
      page.getByTestId('invoice-grid').evaluate((table) => {
        // Mantine's native scroll container: an outer box that scrolls around an inner one as wide
        // as the columns (the inner one never scrolls, so it would always measure 0).
        const container = table.parentElement?.parentElement as HTMLElement;
        return container.scrollWidth - container.clientWidth;
      }),
    )
    .toBeLessThanOrEqual(0);
}

/** The first row whose given action button is enabled. */
async function firstRowWithEnabled(page: Page, action: string): Promise<string> {
  for (const invNo of await rowInvoiceNumbers(page)) {
    const button = page.getByTestId(`row-${action}-${invNo}`);
    if ((await button.count()) > 0 && (await button.isEnabled())) return invNo;
  }
  throw new Error(`no row allows ${action}`);
}

/** The grid's shown columns (data fields) and their header texts, left to right. */
async function shownColumns(page: Page): Promise<Array<{ field: string; title: string }>> {
  return page.locator('[data-testid^="column-header-"]').evaluateAll((cells) =>
    cells.map((cell) => ({
      field: (cell.getAttribute('data-testid') ?? '').replace('column-header-', ''),
      title: (cell.textContent ?? '').trim(),
    })),
  );
}

/** The texts of the first `count` rows, cell by cell in the order of `columns`. */
async function gridCells(page: Page, columns: Array<{ field: string }>, count: number): Promise<string[][]> {
  const rows = page.locator('[data-testid^="invoice-row-"]');
  const texts: string[][] = [];
  for (let index = 0; index < count; index += 1) {
    const cells: string[] = [];
    for (const column of columns) {
      cells.push(
        // The invoice number's cell also holds its marks (overdue...): the number is its link.
        (
          (await rows
            .nth(index)
            .locator(
              column.field === 'invNo' ? 'td[data-field="invNo"] a' : `td[data-field="${column.field}"]`,
            )
            .textContent()) ?? ''
        ).trim(),
      );
    }
    texts.push(cells);
  }
  return texts;
}

/** A workbook cell as the grid writes it (en-US): dates "Oct 31, 2025", amounts as plain numbers. */
function asGridText(cell: unknown): string {
  if (cell instanceof Date) {
    return cell.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  }
  return cell === null || cell === undefined ? '' : String(cell);
}

/** The saved preferences once the grid has sent them (the save waits for a pause in the changes). */
function columnsSaved(page: Page, saved: (shown: string[]) => boolean): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith('/invoices/columns')) return false;
    const body = request.postDataJSON() as { displayColumnPreference?: Array<{ field: string }> };
    return saved((body.displayColumnPreference ?? []).map((column) => column.field));
  });
}

describe('the invoice grid', () => {
  it('filters open and closed, sorts, and pages on the server', async () => {
    const page = await openGrid();
    await expect.poll(() => page.locator('[data-testid^="invoice-row-"]').count()).toBe(50);
    const openTotal = await gridTotal(page);
    expect(openTotal).toBeGreaterThan(50);
    await expectNoAxeViolations(page, 'the invoice grid');
    await expectGridFitsAt1366(page);
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
    const page = await openGrid();
    const before = (await shownColumns(page)).map((column) => column.field);
    expect(before).toContain('poNumber');
    expect(before.indexOf('dueDate')).toBeGreaterThan(before.indexOf('invoiceDate'));

    // Both changes saved, in whichever requests the pauses between the clicks make.
    const saved = columnsSaved(
      page,
      (shown) => !shown.includes('poNumber') && shown.indexOf('dueDate') < shown.indexOf('invoiceDate'),
    );
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('column-toggle-poNumber').waitFor();
    await expectNoAxeViolations(page, 'the columns menu');
    await page.getByTestId('column-toggle-poNumber').click();
    await page.getByTestId('column-left-dueDate').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('column-header-poNumber').count()).toBe(0);
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await page.getByTestId('invoice-grid').waitFor();
    await expect.poll(() => page.locator('[data-testid^="column-header-"]').count()).toBeGreaterThan(3);
    const after = (await shownColumns(page)).map((column) => column.field);
    expect(after).not.toContain('poNumber');
    expect(after.indexOf('dueDate')).toBeLessThan(after.indexOf('invoiceDate'));

    await page.getByTestId('columns-menu').click();
    await page.getByTestId('columns-reset').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('column-header-poNumber').count()).toBe(1);
    expect((await shownColumns(page)).map((column) => column.field)).toEqual(before);
  });

  it('opens an invoice and its documents in the viewer: page 2, zoom, download', async () => {
    const page = await openGrid();
    const invNos = (await rowInvoiceNumbers(page)).slice(0, 3);
    await page.getByTestId(`invoice-link-${invNos[0]}`).click();
    await page.waitForURL(`**/detail/O/${invNos[0]}`);
    await expect.poll(() => page.getByTestId('detail-title').textContent()).toContain(invNos[0]!);
    await expect.poll(() => page.locator('[data-testid^="line-"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'the invoice detail');
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
    await expectNoAxeViolations(page, 'the document viewer');
    // The zoomed page overflows its area: a named region that the keyboard scrolls.
    const area = page.getByRole('region', { name: 'Document pages' });
    expect(await area.getAttribute('data-testid')).toBe('viewer-area');
    await area.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => area.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('viewer-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoices.pdf');
    const file = await download.path();
    expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('viewer-close').click();
    await expect.poll(() => page.getByTestId('document-viewer').count()).toBe(0);
  });

  it('exports every matching row to Excel: the grid columns, all the rows, the same values', async () => {
    const page = await openGrid();
    const total = await gridTotal(page);
    expect(total).toBeGreaterThan(50);
    const columns = await shownColumns(page);
    const screenRows = await gridCells(page, columns, 3);
    const amountTotal = amountOf(await page.getByTestId('total-amount').textContent());

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel-all').click(),
    ]);
    expect(download.suggestedFilename()).toBe('invoices-C10001-USD-open-all.xlsx');
    const [header = [], ...rows] = await readSheet((await download.path())!);

    // The grid's shown columns in its order; the amount columns name their currency.
    const isAmount = columns.map((_, index) => (screenRows[0]?.[index] ?? '').includes('$'));
    expect(isAmount.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(header).toEqual(
      columns.map((column, index) => (isAmount[index] ? `${column.title} (USD)` : column.title)),
    );
    // Every open invoice, not only the 50 on screen: as many rows, and the same total amount.
    expect(rows).toHaveLength(total);
    const amountColumn = columns.findIndex((column) => column.field === 'amount');
    const sum = rows.reduce((cents, row) => cents + Math.round(Number(row[amountColumn]) * 100), 0);
    expect(sum / 100).toBe(amountTotal);
    // The first rows in the grid's order, each cell the value the grid shows (typed: numbers, dates).
    expect(rows.slice(0, screenRows.length).map((row) => row.map(asGridText))).toEqual(
      screenRows.map((cells) => cells.map((text) => (text.includes('$') ? String(amountOf(text)) : text))),
    );
  });

  it('promises to pay and removes the promise', async () => {
    const page = await openGrid();
    const invNo = await firstRowWithEnabled(page, 'promise');
    await page.getByTestId(`row-promise-${invNo}`).click();
    await page.getByTestId('promise-date').waitFor();
    await expectNoAxeViolations(page, 'the promise modal');
    await page.getByTestId('promise-confirm').click();
    await expect.poll(() => page.getByTestId(`row-remove-promise-${invNo}`).count()).toBe(1);
    await page.getByTestId(`row-remove-promise-${invNo}`).click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page, 'the remove-promise confirmation');
    await page.getByRole('button', { name: 'Remove promise' }).last().click();
    await expect.poll(() => page.getByTestId(`row-promise-${invNo}`).count()).toBe(1);
  });

  it('adds to the cart, shows the count, and removes with confirmation', async () => {
    const page = await openGrid();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
    const invNo = await firstRowWithEnabled(page, 'add-to-cart');
    await page.getByTestId(`row-add-to-cart-${invNo}`).click();
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.getByTestId('cart-link').click();
    await page.waitForURL('**/paymentCart');
    await page.getByTestId(`cart-row-${invNo}`).waitFor();
    await expectNoAxeViolations(page, 'the payment cart');
    await page.getByTestId(`cart-remove-${invNo}`).click();
    await expect.poll(() => page.getByText('Are you sure you want to remove this invoice?').count()).toBe(1);
    await expectNoAxeViolations(page, 'the cart removal confirmation');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => page.getByTestId(`cart-row-${invNo}`).count()).toBe(0);
    await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('0');
  });
});

describe('in French', () => {
  it('shows the grid, the detail and the cart in French', async () => {
    const page = await openGrid({ loginName: 'demo.single', locale: 'fr-FR' });
    await expect.poll(() => page.getByRole('heading', { name: 'Factures' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect
      .poll(async () => /\d,\d{2}\s?€/.test((await page.getByTestId('grid-totals').textContent()) ?? ''))
      .toBe(true);
    await expectNoAxeViolations(page, 'the invoice grid in French');
    await expectGridFitsAt1366(page);
    const invNo = (await rowInvoiceNumbers(page))[0]!;
    await page.getByTestId(`invoice-link-${invNo}`).click();
    await expect.poll(() => page.getByTestId('detail-title').textContent()).toContain(invNo);
    await expect.poll(() => page.title()).toBe(`Facture ${invNo} · Settle`);
    await expectNoAxeViolations(page, 'the invoice detail in French');
    await page.goto(`${baseURL}/paymentCart`);
    await expect.poll(() => page.getByTestId('cart-summary').textContent()).toMatch(/\d,\d{2}\s?€/);
    await expectNoAxeViolations(page, 'the payment cart in French');
  });
});
