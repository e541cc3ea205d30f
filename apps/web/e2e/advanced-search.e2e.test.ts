import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { amountOf, gridTotal, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

/** demo.full on the invoice grid at `path` (signed in through the API), with no saved search yet. */
function openInvoices(path = '/invoices'): Promise<Page> {
  return signedInPage(browsing, {
    baseURL,
    loginName: 'demo.full',
    path,
    context: { locale: 'en-US', viewport: { width: 1400, height: 1000 } },
    prepare: async (api) => {
      const saved = await api.send('GET', '/search/saved?grid=invoices');
      expect(saved.ok()).toBe(true);
      for (const search of (await saved.json()) as Array<{ id: number }>) {
        expect((await api.send('DELETE', `/search/saved/${search.id}`)).ok()).toBe(true);
      }
    },
  });
}

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function amountsOnScreen(page: Page): Promise<number[]> {
  const cells = await page.locator('[data-testid^="invoice-row-"] td[data-field="amount"]').allTextContents();
  return cells.map(amountOf);
}

describe('advanced search on the invoice grid', () => {
  // Six axe passes over the 50-row grid on top of the flow: twice the default time.
  it('builds a nested filter, keeps it across a reload, and saves and recalls it by name', async () => {
    const page = await openInvoices();
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    const everything = await gridTotal(page);
    const fullTotals = await page.getByTestId('grid-totals').textContent();

    await page.getByTestId('search-toggle').click();
    await page.getByTestId('search-field-amount').waitFor();
    await expectNoAxeViolations(page, 'the advanced search panel');
    await page.getByTestId('search-field-amount').check();
    await page.getByTestId('constraint-0').click();
    await page.getByRole('option', { name: 'greater than', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'the open constraint list');
    await page.getByRole('option', { name: 'greater than', exact: true }).click();
    await page.getByTestId('value-0').fill('5000');
    // Ticking applies "amount is empty" (no rows) until the value arrives.
    await expect
      .poll(async () => {
        const total = await gridTotal(page);
        const amounts = await amountsOnScreen(page);
        return (
          total > 0 && total < everything && amounts.length > 0 && amounts.every((amount) => amount > 5000)
        );
      })
      .toBe(true);
    const bigOnes = await gridTotal(page);
    await expect.poll(() => page.getByTestId('grid-totals').textContent()).not.toBe(fullTotals);

    // (amount > 5000) and (due date in the past or PO number contains "9")
    await page.getByTestId('add-group-root').click();
    await page.getByTestId('group-operator-1').getByText('Match any (or)').click();
    await chooseOption(page, 'add-criterion-1', 'Due date');
    await chooseOption(page, 'constraint-1.0', 'less than');
    await page.getByTestId('value-1.0').fill('01/01/21');
    await page.getByTestId('value-1.0').press('Enter');
    await chooseOption(page, 'add-criterion-1', 'PO number');
    await chooseOption(page, 'constraint-1.1', 'contains');
    await page.getByTestId('value-1.1').fill('9');
    await expect
      .poll(async () => {
        const total = await gridTotal(page);
        return total > 0 && total < bigOnes;
      })
      .toBe(true);
    const nested = await gridTotal(page);
    expect(nested).toBeGreaterThan(0);
    await expect.poll(() => page.url()).toContain('filter=');
    expect(decodeURIComponent(page.url())).toContain("substringof('9',poNumber)");
    await expectNoAxeViolations(page, 'a nested filter');

    await page.reload();
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    await expect.poll(() => gridTotal(page)).toBe(nested);
    await expect.poll(() => page.getByTestId('value-1.1').inputValue()).toBe('9');

    await page.getByTestId('saved-searches-menu').click();
    await page.getByTestId('save-search').click();
    await page.getByTestId('save-search-name').fill('Big, old or PO with 9');
    await expectNoAxeViolations(page, 'the save search dialog');
    await page.getByTestId('save-search-confirm').click();
    await expect.poll(() => page.getByTestId('save-search-name').count()).toBe(0);

    await page.getByTestId('search-reset').click();
    await expect.poll(() => gridTotal(page)).toBe(everything);

    await page.getByTestId('saved-searches-menu').click();
    await page.getByTestId('saved-search-Big, old or PO with 9').waitFor();
    await expectNoAxeViolations(page, 'the saved searches menu');
    await page.getByTestId('saved-search-Big, old or PO with 9').click();
    await expect.poll(() => gridTotal(page)).toBe(nested);
    await expect.poll(() => page.getByTestId('criterion-1.1').count()).toBe(1);
  }, 120_000);

  it('answers a hand-edited bad filter with a clear message instead of rows', async () => {
    const page = await openInvoices(`/invoices?filter=${encodeURIComponent("amount gt 'lots'")}`);
    await expect.poll(() => page.getByTestId('grid-error').count()).toBe(1);
    expect(await page.getByTestId('grid-error').textContent()).toMatch(
      /The search filter is not valid near “.*'lots'”/,
    );
    await expectNoAxeViolations(page, 'the grid with a bad filter');
  });
});
