import {
  type APIRequestContext,
  type APIResponse,
  type BrowserContextOptions,
  type Page,
  request,
} from 'playwright-core';
import { expect } from 'vitest';
import { type Browsing, DEMO_PASSWORD } from './browser';
import { API_BASE } from './launch-server';

/** The login page's form, filled and sent (the sign-in steps' pages follow from here). */
export async function submitSignInForm(page: Page, baseURL: string, loginName: string): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('password').fill(DEMO_PASSWORD);
  await page.getByTestId('sign-in').click();
}

/** The PIN page: the code typed from the first box, then Verify. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('pin-digit-0').click();
  await page.keyboard.type(code);
  await page.getByTestId('pin-verify').click();
}

/** Signs in through the login page, as a person does, and waits for /home. */
export async function signInThroughForm(page: Page, baseURL: string, loginName: string): Promise<void> {
  await submitSignInForm(page, baseURL, loginName);
  await page.waitForURL('**/home');
}

/**
 * An API client outside the browser with its own cookies: it takes the XSRF cookie from
 * config.js, as the web app does, and echoes it on every write. For a test's set-up.
 */
export type ApiClient = {
  readonly request: APIRequestContext;
  send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<APIResponse>;
};

/** A signed-in ApiClient, with what POST /auth/login answered (the web app's stored userData). */
export type ApiSession = ApiClient & {
  readonly userData: { currentCustNo: string; currencyCode: string; language: string };
};

export async function openApiSession(baseURL: string): Promise<ApiClient> {
  const api = await request.newContext({ baseURL });
  const xsrfHeader = async () => {
    const { cookies } = await api.storageState();
    return { 'x-xsrf-token': cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' };
  };
  const send: ApiClient['send'] = async (method, path, data) =>
    api.fetch(`${API_BASE}${path}`, { method, data, headers: method === 'GET' ? {} : await xsrfHeader() });
  expect((await send('GET', '/config.js')).ok()).toBe(true);
  return { request: api, send };
}

/** Signs `loginName` in with the demo password through POST /auth/login (no PIN step). */
export async function apiSignIn(baseURL: string, loginName: string): Promise<ApiSession> {
  const client = await openApiSession(baseURL);
  const login = await client.send('POST', '/auth/login', { loginName, password: DEMO_PASSWORD });
  expect(login.status(), await login.text()).toBe(200);
  const userData = await login.json();
  expect(userData.pinRequired, `${loginName} needs the PIN step: sign in through the pages`).toBeUndefined();
  return { ...client, userData };
}

/**
 * A page of a context of its own, already signed in as `loginName` (through the API: the
 * session cookies and the stored userData the login page would leave), opened at `path`.
 * `prepare` runs on the API session first: the state the test starts from.
 */
export async function signedInPage(
  browsing: Browsing,
  options: {
    baseURL: string;
    loginName: string;
    path?: string;
    context?: BrowserContextOptions;
    prepare?: (api: ApiSession) => Promise<void>;
  },
): Promise<Page> {
  const api = await apiSignIn(options.baseURL, options.loginName);
  try {
    await options.prepare?.(api);
    const { cookies } = await api.request.storageState();
    const context = await browsing.newContext({
      ...options.context,
      storageState: {
        cookies,
        origins: [
          {
            origin: options.baseURL,
            localStorage: [{ name: 'userData', value: JSON.stringify(api.userData) }],
          },
        ],
      },
    });
    const page = await context.newPage();
    await page.goto(`${options.baseURL}${options.path ?? '/home'}`);
    return page;
  } finally {
    await api.request.dispose();
  }
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
