import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser';

export async function signIn(page: Page, baseURL: string, loginName: string): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('password').fill(DEMO_PASSWORD);
  await page.getByTestId('sign-in').click();
  await page.waitForURL('**/home');
}

/** "1–50 of 124 invoices" -> 124 */
export async function gridTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('grid-range').textContent()) ?? '';
  const numbers = text.replace(/[\u00a0\u202f,. ]/g, '').match(/\d+/g) ?? [];
  return Number(numbers[numbers.length - 1] ?? Number.NaN);
}

/** Invoice numbers of the rows on screen, in order. */
export async function rowInvoiceNumbers(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="invoice-row-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('invoice-row-', ''));
}

/** "$1,234.50" or "-$12.00" -> number (en-US formats). */
export function amountOf(text: string | null): number {
  const cleaned = (text ?? '').replace(/[^0-9.-]/g, '');
  return Number(cleaned);
}
