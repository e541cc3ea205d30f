import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { type ApiSession, apiSignIn, rowInvoiceNumbers, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
const viewport = { width: 1366, height: 900 };

type DetailLine = { id: number; lineNo: number; qtyShip: string; price: string };

/**
 * Open invoices on the grid's first page that the rules let demo.full dispute and that have no
 * dispute yet (the assistance check says 0), with a line shipped in a positive quantity.
 */
async function undisputedInvoices(
  page: Page,
  api: ApiSession,
): Promise<Array<{ invNo: string; line: DetailLine }>> {
  const found: Array<{ invNo: string; line: DetailLine }> = [];
  for (const invNo of await rowInvoiceNumbers(page)) {
    const button = page.getByTestId(`row-dispute-${invNo}`);
    if ((await button.count()) === 0 || (await button.getAttribute('aria-disabled')) === 'true') continue;
    const check = await (await api.send('GET', `/dispute/assistance/${encodeURIComponent(invNo)}/N`)).json();
    if (check.disputeCount !== 0) continue;
    const detail = await (
      await api.send(
        'GET',
        `/invoices/detail/${encodeURIComponent(invNo)}?status=O&custNo=${api.userData.currentCustNo}`,
      )
    ).json();
    const line = (detail.lineItems as DetailLine[]).find((entry) => Number(entry.qtyShip) >= 1);
    if (line) found.push({ invNo, line });
    if (found.length === 2) break;
  }
  return found;
}

async function chooseReason(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option').first().click();
}

describe('disputes', () => {
  it('disputes by line item from the grid, by amount from the detail page, adds a note and an attachment, and shows them in the timeline', async () => {
    const api = await apiSignIn(baseURL, 'demo.full');
    const page = await signedInPage(browsing, {
      baseURL,
      loginName: 'demo.full',
      path: '/invoices',
      context: { viewport },
    });
    await page.locator('[data-testid^="invoice-row-"]').first().waitFor();
    const [first, second] = await undisputedInvoices(page, api);
    expect(first, 'two undisputed invoices on the first page').toBeDefined();
    expect(second).toBeDefined();

    // By line item, from the grid's row button: no dispute yet, so the create screen opens.
    await page.getByTestId(`row-dispute-${first!.invNo}`).click();
    await page.waitForURL(`**/dispute/${first!.invNo}`);
    await page.getByTestId('dispute-create').waitFor();
    await expectNoAxeViolations(page, 'the dispute create screen');
    await page.getByTestId(`dispute-count-${first!.line.lineNo}`).fill('1');
    await expect
      .poll(() => page.getByTestId(`dispute-amount-${first!.line.lineNo}`).textContent())
      .not.toBe('$0.00');
    await chooseReason(page, 'dispute-reason');
    await page.getByTestId('dispute-note').fill('One unit arrived damaged.');
    await page.getByTestId('dispute-save').click();
    // The panel closes and the grid returns; the invoice now opens its dispute.
    await page.waitForURL(/\/invoices(\?|$)/);
    await page.getByTestId(`row-dispute-${first!.invNo}`).click();
    await page.waitForURL(new RegExp(`/dispute/${first!.invNo}/\\d+/`));
    await expect.poll(() => page.getByTestId('dispute-title').textContent()).toContain(first!.invNo);
    await expect.poll(() => page.getByTestId('dispute-lines').textContent()).toContain('1.00');
    await expect
      .poll(() => page.getByTestId('dispute-notes').textContent())
      .toContain('One unit arrived damaged.');

    // A note and an attachment, with its progress bar.
    await page.getByTestId('dispute-new-note').fill('Photos follow.');
    await page.getByTestId('dispute-add-note').click();
    await expect
      .poll(() => page.getByTestId('dispute-notes').locator('li').first().textContent())
      .toContain('Photos follow.');
    await page.getByTestId('dispute-add-attachments').click();
    await page.getByTestId('upload-input').setInputFiles({
      name: 'delivery-note.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Delivered 2 pumps, 1 damaged.\n'),
    });
    await page.getByTestId('upload-start').click();
    await page.getByTestId('upload-progress-0').waitFor();
    await expect
      .poll(() => page.getByTestId('dispute-attachments').textContent())
      .toContain('delivery-note.txt');
    const link = page.getByRole('link', { name: 'delivery-note.txt' });
    const download = await page.request.get(`${baseURL}${await link.getAttribute('href')}`);
    expect(await download.text()).toBe('Delivered 2 pumps, 1 damaged.\n');

    // By amount, from the detail page: above the maximum is refused with the spec's message.
    await page.goto(`${baseURL}/detail/O/${second!.invNo}`);
    await page.getByTestId('detail-dispute').click();
    await page.waitForURL(`**/dispute/${second!.invNo}`);
    await page.getByTestId('dispute-style').getByText('By amount').click();
    await page.getByTestId('dispute-amount').fill('99999999');
    await chooseReason(page, 'dispute-reason');
    await page.getByTestId('dispute-save').click();
    await expect
      .poll(() => page.getByTestId('dispute-create-error').textContent())
      .toMatch(/^Exceeded maximum dispute amount of \$[\d,.]+\.$/);
    await page.getByTestId('dispute-amount').fill('1.25');
    await page.getByTestId('dispute-save').click();
    await page.waitForURL(`**/detail/O/${second!.invNo}`);
    await expect.poll(() => page.getByTestId('detail-disputeAmount').textContent()).not.toBe('$0.00');

    // The first invoice's timeline: opened, the note and the attachment, newest first.
    await page.goto(`${baseURL}/detail/O/${first!.invNo}`);
    const kinds = async () =>
      page
        .getByTestId('activity-entry')
        .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-kind')));
    await expect
      .poll(kinds)
      .toEqual(expect.arrayContaining(['DISPUTE_ATTACHMENT_ADDED', 'DISPUTE_NOTE_ADDED', 'DISPUTE_OPENED']));
    await expectNoAxeViolations(page, 'the invoice detail with its timeline');
    const order = await kinds();
    expect(order.indexOf('DISPUTE_ATTACHMENT_ADDED')).toBeLessThan(order.indexOf('DISPUTE_OPENED'));
    await api.request.dispose();
  });

  it('raises a customer-level dispute', async () => {
    const page = await signedInPage(browsing, {
      baseURL,
      loginName: 'demo.full',
      path: '/disputes',
      context: { viewport },
    });
    await page.getByTestId('new-customer-dispute').click();
    await page.waitForURL(/\/custDispute\/C\d+\/0$/);
    await page.getByTestId('dispute-amount').fill('0');
    await chooseReason(page, 'dispute-reason');
    await page.getByTestId('dispute-save').click();
    await expect
      .poll(() => page.getByTestId('dispute-create-error').textContent())
      .toBe('The disputed amount must be above zero.');
    await page.getByTestId('dispute-amount').fill('40');
    await page.getByTestId('dispute-description').fill('Freight charged twice in October');
    await page.getByTestId('dispute-save').click();
    await page.waitForURL(/\/custDispute\/C\d+\/[1-9]\d*$/);
    await expect
      .poll(() => page.getByTestId('dispute-title').textContent())
      .toMatch(/^Customer dispute \d+$/);
    await expect.poll(() => page.getByTestId('dispute-field-disputedAmount').textContent()).toBe('$40.00');
  });

  it('shows demo.limited the reason as text', async () => {
    const api = await apiSignIn(baseURL, 'demo.limited');
    const list = await (await api.send('GET', '/disputes?custDispute=false')).json();
    await api.request.dispose();
    const row = list.rows?.[0];
    expect(row, 'the demo has disputes for demo.limited').toBeDefined();
    const page = await signedInPage(browsing, {
      baseURL,
      loginName: 'demo.limited',
      path: `/dispute/${row.invNo}/${row.probNo}/${row.tranId ?? ''}`,
      context: { viewport },
    });
    await expect.poll(() => page.getByTestId('dispute-reason-text').count()).toBe(1);
    expect(await page.getByTestId('dispute-reason-select').count()).toBe(0);
    expect(await page.getByTestId('dispute-add-note').count()).toBe(0);
    await expectNoAxeViolations(page, 'the read-only dispute detail');
  });
});
