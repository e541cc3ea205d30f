import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { type ApiSession, apiSignIn, gridTotal, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
const viewport = { width: 1366, height: 900 };

/** Dispute numbers of the rows on screen, in order. */
async function rowDisputeNumbers(page: Page): Promise<number[]> {
  const ids = await page
    .locator('[data-testid^="dispute-row-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((id) => Number(id.replace('dispute-row-', '')));
}

/** The grid as the API answers it to the same user (the first page, in the given order). */
async function apiGrid(api: ApiSession, query: string) {
  const { currentCustNo, currencyCode } = api.userData;
  const answer = await api.send(
    'GET',
    `/disputes?custNo=${currentCustNo}&currencyCode=${currencyCode}&${query}`,
  );
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { total: number; rows: Array<{ probNo: number; invNo: string | null }> };
}

async function openGrid(path = '/disputes'): Promise<Page> {
  const page = await signedInPage(browsing, { baseURL, loginName: 'demo.full', path, context: { viewport } });
  await page.locator('[data-testid^="dispute-row-"]').first().waitFor();
  return page;
}

describe('the dispute grid', () => {
  it("shows the demo's disputes newest first, and a new dispute at the top", async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const before = await apiGrid(api, 'sort=createdOn&dir=desc');
    expect(before.total).toBeGreaterThan(0);
    let page = await openGrid();
    expect(await gridTotal(page)).toBe(before.total);
    expect(await rowDisputeNumbers(page)).toEqual(before.rows.map((row) => row.probNo));
    await page.context().close();

    const reasons = (await (await api.send('GET', '/dispute/reasonCodes')).json()) as Array<{ code: string }>;
    const created = await api.send('POST', '/dispute/0', {
      custDispute: true,
      style: 'other',
      disputedAmount: '12.50',
      reasonCode: reasons[0]!.code,
      description: 'Grid flow: freight charged twice',
      newNote: 'Seen on the October statement',
    });
    expect(created.status(), await created.text()).toBe(200);
    const { probNo } = (await created.json()) as { probNo: number };
    await api.request.dispose();

    page = await openGrid();
    expect(await gridTotal(page)).toBe(before.total + 1);
    expect((await rowDisputeNumbers(page))[0]).toBe(probNo);
    const row = page.getByTestId(`dispute-row-${probNo}`);
    expect(await row.locator('td[data-field="invNo"]').textContent()).toBe('Customer dispute');
    expect(await row.locator('td[data-field="disputedAmount"]').textContent()).toBe('$12.50');
    expect(await page.getByTestId(`dispute-notes-${probNo}`).textContent()).toBe('1 note');
    await expectNoAxeViolations(page, 'the dispute grid');

    await page.getByTestId(`dispute-open-${probNo}`).click();
    await page.waitForURL(new RegExp(`/custDispute/C\\d+/${probNo}$`));
  }, 60_000);

  it('sorts and filters on the server, with both in the address', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const byInvoice = await apiGrid(api, 'sort=invNo&dir=asc');
    const filter = "statusCode eq 'I'";
    const identified = await apiGrid(api, `filter=${encodeURIComponent(filter)}`);
    await api.request.dispose();

    const page = await openGrid();
    await page.getByTestId('sort-invNo').click();
    await expect.poll(() => page.url()).toContain('sort=invNo&dir=asc');
    await expect.poll(() => rowDisputeNumbers(page)).toEqual(byInvoice.rows.map((row) => row.probNo));
    expect(await page.getByTestId('column-header-invNo').getAttribute('aria-sort')).toBe('ascending');

    await page.goto(`${baseURL}/disputes?filter=${encodeURIComponent(filter)}`);
    await expect.poll(() => gridTotal(page)).toBe(identified.total);
    const statuses = await page
      .locator('[data-testid^="dispute-row-"] td[data-field="status"]')
      .allTextContents();
    expect(new Set(statuses)).toEqual(new Set(identified.total > 0 ? ['Identified'] : []));
  }, 60_000);

  it('keeps the column choices after a reload, and exports what the grid shows', async () => {
    const page = await openGrid();
    await page.getByTestId('columns-menu').click();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/dispute/columns') && response.request().method() === 'POST',
    );
    await page.getByTestId('column-toggle-dueDate').click();
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('column-header-dueDate').count()).toBe(0);

    await page.reload();
    await page.locator('[data-testid^="dispute-row-"]').first().waitFor();
    expect(await page.getByTestId('column-header-dueDate').count()).toBe(0);
    expect(await page.getByTestId('column-header-invoiceDate').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel-all').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    // An xlsx is a zip: it starts with PK.
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');

    // Back to the defaults, so that other flows find the grid as the demo ships it.
    await page.getByTestId('columns-menu').click();
    await page.getByTestId('columns-reset').click();
    await expect.poll(() => page.getByTestId('column-header-dueDate').count()).toBe(1);
  }, 60_000);
});
