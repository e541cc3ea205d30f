import type { Page } from 'playwright-core';

/**
 * The loopback OpenID provider's sign-in page (apps/server/src/dev/oidc-provider.ts): the
 * account it shows, typed in, and the browser back on the portal's SSO screen.
 */
export async function signInAtProvider(
  page: Page,
  baseURL: string,
  account: { login: string; password: string },
): Promise<void> {
  await page.locator('input[name="login"]').fill(account.login);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByTestId('provider-sign-in').click();
  await page.waitForURL((url) => url.href.startsWith(`${baseURL}/sso`));
}

/** The account the provider's page shows first: what a newcomer reads there and types. */
export async function shownAccount(page: Page): Promise<{ login: string; password: string }> {
  return {
    login: (await page.getByTestId('provider-account-login').first().textContent()) ?? '',
    password: (await page.getByTestId('provider-account-password').first().textContent()) ?? '',
  };
}
