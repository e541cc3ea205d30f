import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile } from './support/browser';
import { gridTotal, rowInvoiceNumbers, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

async function open(loginName: string, path: string): Promise<Page> {
  return signedInPage(browsing, {
    baseURL,
    loginName,
    path,
    context: { locale: 'en-US', viewport: { width: 1400, height: 1000 } },
  });
}

const countIn = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

describe('what is due', () => {
  it('opens the grid from a home card on exactly the invoices the card counts, each marked', async () => {
    const page = await open('demo.full', '/home');
    for (const [card, mark] of [
      ['summary-overdue', 'overdue'],
      ['summary-credits', 'credit'],
    ] as const) {
      await page.goto(`${baseURL}/home`);
      const count = countIn(await page.getByTestId(`${card}-detail`).textContent());
      expect(count).toBeGreaterThan(0);
      await page.getByTestId(card).click();
      await page.waitForURL('**/invoices?*');
      await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
      await expect.poll(() => gridTotal(page)).toBe(count);
      // Every row on the page carries the card's mark, in words for whoever cannot see colours.
      const rows = await rowInvoiceNumbers(page);
      const marked = await page.locator(`[data-testid^="invoice-row-"] [data-mark="${mark}"]`).count();
      expect(marked).toBe(rows.length);
    }
  });

  it('finds an invoice by its PO number in one step, and clears back to every invoice', async () => {
    const page = await open('demo.full', '/invoices');
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    const all = await gridTotal(page);
    // The first invoice on the page with a PO number (credits have none; an earlier flow may have
    // saved a sort that puts them first).
    let first = '';
    let po = '';
    for (const invNo of await rowInvoiceNumbers(page)) {
      const cell = page.locator(`[data-testid="invoice-row-${invNo}"] [data-field="poNumber"]`);
      po = ((await cell.textContent()) ?? '').trim();
      if (po) {
        first = invNo;
        break;
      }
    }
    expect(po).not.toBe('');

    await page.getByLabel('Find an invoice').fill(po);
    await expect.poll(() => gridTotal(page)).toBe(1);
    expect(await rowInvoiceNumbers(page)).toEqual([first]);
    expect(page.url()).toContain(`q=${po}`);

    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect.poll(() => gridTotal(page)).toBe(all);
  });

  it('shows a user who may not pay or dispute the actions disabled with the reason, and no cart link', async () => {
    const page = await open('demo.limited', '/invoices');
    const [first] = await page
      .locator('[data-testid^="invoice-row-"]')
      .first()
      .waitFor()
      .then(() => rowInvoiceNumbers(page));
    expect(await page.getByTestId('cart-link').count()).toBe(0);
    const dispute = page.getByTestId(`row-dispute-${first}`);
    expect(await dispute.getAttribute('aria-disabled')).toBe('true');
    await dispute.hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe('You do not have permission for this action.');
  });

  it('says an unknown address is not found and offers the way home', async () => {
    const page = await open('demo.full', '/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL('**/home');
  });
});
