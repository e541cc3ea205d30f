import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodeCriteria } from '../src/features/search/utils/criteria-codec';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { type ApiSession, apiSignIn, gridTotal, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 360, height: 740 };
/** Screenshots for a person to look at, when SETTLE_SCREENS names a folder (not kept by the suite). */
const SCREENS = process.env.SETTLE_SCREENS;

async function screenshot(page: Page, name: string) {
  if (!SCREENS) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

type LogRow = { paymentLogId: number; status: string; total: string; transactionType: string };

/** The log as the API answers it to the same user: what the screen must show. */
async function apiLog(api: ApiSession, query: string) {
  const { currentCustNo, currencyCode } = api.userData;
  const answer = await api.send(
    'GET',
    `/payment/logs?custNo=${currentCustNo}&currencyCode=${currencyCode}&${query}`,
  );
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { total: number; rows: LogRow[] };
}

async function rowIds(page: Page): Promise<number[]> {
  const ids = await page
    .locator('[data-testid^="payment-log-row-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((id) => Number(id.replace('payment-log-row-', '')));
}

/**
 * Finds a payment by date range (the control) and advanced search (its criteria in the address,
 * as a saved or shared search brings them), opens its detail, checks it against the API, runs axe on the screen and the
 * dialog, and opens the receipt PDF.
 */
async function findAndOpen(options: {
  loginName: string;
  viewport: { width: number; height: number };
  language: 'en' | 'fr';
  texts: { range: string; status: string; print: string };
}) {
  const { loginName, viewport, language, texts } = options;
  // The advanced search's criteria as a saved or shared search brings them in the address.
  const criteria: TCriteriaGroup = {
    operator: 'and',
    operands: [
      { property: 'status', constraint: 'eq', value: 'SUCCESS', type: 'enum' },
      { property: 'amount', constraint: 'ge', value: '100', type: 'currency' },
    ],
  };
  const filter = serializeFilter(criteria);
  const api = await apiSignIn(baseURL, loginName);
  const expected = await apiLog(api, `dateRange=DAYS_31_60&filter=${encodeURIComponent(filter)}`);
  await api.request.dispose();
  expect(expected.total, 'the demo history has such payments').toBeGreaterThan(0);

  const page = await signedInPage(browsing, {
    baseURL,
    loginName,
    path: `/payments?criteria=${encodeCriteria(criteria)}`,
    context: { viewport },
  });
  await page.locator('[data-testid^="payment-log-row-"]').first().waitFor();
  await page.getByTestId('payment-log-range').getByText(texts.range, { exact: true }).click();
  await expect.poll(() => page.url()).toContain('range=DAYS_31_60');
  await expect.poll(() => gridTotal(page)).toBe(expected.total);
  await expect.poll(() => rowIds(page)).toEqual(expected.rows.map((row) => row.paymentLogId));
  const statuses = await page
    .locator('[data-testid^="payment-log-row-"] td[data-field="status"]')
    .allTextContents();
  expect(new Set(statuses)).toEqual(new Set([texts.status]));
  await expectNoAxeViolations(page, `the payment logs (${language}, ${viewport.width})`);
  await screenshot(page, `payment-logs-${language}-${viewport.width}`);

  const wanted = expected.rows[0]!;
  await page.getByTestId(`payment-log-open-${wanted.paymentLogId}`).click();
  await page.getByTestId('payment-log-detail-status').waitFor();
  expect(await page.getByTestId('payment-log-detail-status').getAttribute('data-status')).toBe('SUCCESS');
  const lines = page.getByTestId('payment-log-detail-lines');
  expect(await lines.count()).toBe(wanted.transactionType === 'ON_ACCOUNT' ? 0 : 1);
  await expectNoAxeViolations(page, `the payment detail (${language}, ${viewport.width})`);
  await screenshot(page, `payment-detail-${language}-${viewport.width}`);
  const box = await page.locator('.mantine-Modal-content').boundingBox();
  expect(box).not.toBeNull();
  if (viewport.width >= 900) {
    expect(Math.round(box!.width)).toBe(900);
    expect(Math.round(box!.height)).toBe(560);
  } else {
    expect(Math.round(box!.width)).toBe(viewport.width);
  }

  const receipt = page.waitForResponse((response) => response.url().endsWith('/payment/log/receiptPDF'));
  await page.getByTestId('payment-log-print-receipt').click();
  const answer = await receipt;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The receipt is drawn in the app's PDF viewer, over the detail.
  await page.getByTestId('document-viewer').getByTestId('viewer-canvas').waitFor();
  await expect.poll(() => page.getByTestId('viewer-print').isEnabled()).toBe(true);
  await expectNoAxeViolations(page, `the receipt in the viewer (${language}, ${viewport.width})`);
  await page.getByTestId('pdf-viewer-close').click();
  await page.getByTestId('document-viewer').waitFor({ state: 'detached' });
  // The detail stays open behind the viewer.
  await expect.poll(() => page.getByTestId('payment-log-detail-status').isVisible()).toBe(true);
  await page.context().close();
}

describe('the payment logs', () => {
  it('finds a payment by date range and filter, opens its detail and receipt (English, desktop)', async () => {
    await findAndOpen({
      loginName: 'demo.full',
      viewport: DESKTOP,
      language: 'en',
      texts: { range: '31 to 60 days', status: 'Successful', print: 'Print receipt' },
    });
  }, 90_000);

  it('does the same on a phone, the detail full screen (English, 360 px)', async () => {
    await findAndOpen({
      loginName: 'demo.full',
      viewport: PHONE,
      language: 'en',
      texts: { range: '31 to 60 days', status: 'Successful', print: 'Print receipt' },
    });
  }, 90_000);

  it('speaks French (desktop and phone)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await findAndOpen({
        loginName: 'demo.single',
        viewport,
        language: 'fr',
        texts: { range: '31 à 60 jours', status: 'Réussi', print: 'Imprimer le reçu' },
      });
    }
  }, 150_000);

  it("answers another customer's payment as not found", async () => {
    // demo.limited's customers are none of demo.full's.
    const other = await apiSignIn(baseURL, 'demo.limited');
    const theirs = await apiLog(other, 'pageSize=1');
    await other.request.dispose();
    const full = await apiSignIn(baseURL, 'demo.full');
    const answer = await full.send(
      'GET',
      `/payment/log/detail?custNo=${other.userData.currentCustNo}&paymentLogId=${theirs.rows[0]!.paymentLogId}`,
    );
    expect(answer.status()).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('NOT_FOUND');
    const list = await full.send('GET', `/payment/logs?custNo=${other.userData.currentCustNo}`);
    expect(list.status()).toBe(404);
    await full.request.dispose();
  });
});
