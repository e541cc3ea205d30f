import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hotp, totpStep } from '../../server/src/modules/second-factors/totp';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { signInThroughForm, submitSignInForm } from './support/session';

// Passkeys need a secure context and a domain as relying party: the portal is opened on
// localhost (the server's default WEBAUTHN_RP_ID), not 127.0.0.1.
const baseURL = inject('baseURL').replace('127.0.0.1', 'localhost');
const browsing = browserForFile();
const SCREENS = path.join(REPO_ROOT, 'screens');

async function shoot(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `second-factors-${name}.png`), fullPage: true });
}

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that always says yes. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** Sets up the authenticator app from the open security tab; answers its secret and recovery codes. */
async function enrolTotp(page: Page) {
  await page.getByTestId('totp-start').click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByTestId('totp-code').fill(hotp(secret, totpStep(new Date())));
  await page.getByTestId('totp-confirm').click();
  await expect.poll(() => page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  return { secret, codes };
}

async function signOutAndIn(page: Page, loginName: string) {
  await page.getByTestId('sign-out').click();
  await page.waitForURL('**/login');
  await submitSignInForm(page, baseURL, loginName);
}

describe('second factors a user chooses', () => {
  it('enrols an app and a passkey from the profile, then signs in with the passkey and with the app', async () => {
    const page = await browsing.newPage({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    const credentials = await addVirtualAuthenticator(page);
    await signInThroughForm(page, baseURL, 'demo.factors');
    await page.goto(`${baseURL}/profile#security`);
    await page.getByTestId('security-panel').waitFor();
    await expect.poll(() => page.getByTestId('recovery-left').textContent()).toBe('0 recovery codes left.');
    await expectNoAxeViolations(page, 'the security tab');

    await page.getByTestId('totp-start').click();
    await page.getByTestId('totp-qr').waitFor();
    await expect
      .poll(() => page.getByTestId('totp-qr').getAttribute('src'))
      .toMatch(/^data:image\/svg\+xml;base64,/);
    // A wrong code first: the app stays off, the page says why.
    await page.getByTestId('totp-code').fill('12345');
    await page.getByTestId('totp-confirm').click();
    await expect
      .poll(() => page.getByText('Enter the 6-digit code of your authenticator app').count())
      .toBe(1);
    await expectNoAxeViolations(page, 'the QR code step with a refused code');
    await shoot(page, 'enrol-en-1366');
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByTestId('totp-code').fill(hotp(secret, totpStep(new Date())));
    await page.getByTestId('totp-confirm').click();
    await expect.poll(() => page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('On');
    await expectNoAxeViolations(page, 'the recovery codes shown once');

    await page.getByTestId('passkey-name').fill('Work laptop');
    await page.getByTestId('passkey-add').click();
    await expect.poll(() => page.getByTestId('passkey-list').getByText('Work laptop').count()).toBe(1);
    expect(await credentials()).toHaveLength(1);
    await expectNoAxeViolations(page, 'the security tab with an app and a passkey');
    await shoot(page, 'profile-en-1366');

    // The PIN step offers the user's factors; the passkey signs in.
    await signOutAndIn(page, 'demo.factors');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=TOTP');
    await expect.poll(() => page.getByTestId('factor-choice').getByRole('radio').count()).toBe(3);
    await expectNoAxeViolations(page, 'the PIN step with a choice of factors');
    await shoot(page, 'pin-step-en-1366');
    await page.getByTestId('factor-PASSKEY').check();
    await page.getByTestId('passkey-sign-in').click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Taylor Kim');
    expect((await credentials())[0]?.signCount).toBeGreaterThan(0);

    // Then the app's code, on a phone-sized screen: a code of a later step than the one used at set-up.
    await page.setViewportSize({ width: 360, height: 780 });
    await signOutAndIn(page, 'demo.factors');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=TOTP');
    await page.getByTestId('pin-digit-0').click();
    await page.keyboard.type(hotp(secret, totpStep(new Date()) + 1));
    await shoot(page, 'pin-step-en-360');
    await page.getByTestId('factor-verify').click();
    await page.waitForURL('**/home');
  });

  it('in French: sets up the app, and signs in with a recovery code once', async () => {
    const page = await browsing.newPage({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });
    await signInThroughForm(page, baseURL, 'demo.facteurs');
    await page.goto(`${baseURL}/profile#security`);
    await page.getByTestId('security-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('totp-start').textContent())
      .toBe('Configurer une application d’authentification');
    const { codes } = await enrolTotp(page);
    await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('Activée');
    await expectNoAxeViolations(page, 'the security tab in French');
    await shoot(page, 'profile-fr-360');

    await signOutAndIn(page, 'demo.facteurs');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=TOTP');
    await page.getByTestId('factor-RECOVERY').check();
    await page.getByTestId('recovery-input').fill('pas-un-code');
    await page.getByTestId('factor-verify').click();
    await expect
      .poll(() =>
        page
          .getByText('Saisissez un code de récupération tel qu’il a été donné : 10 lettres et chiffres')
          .count(),
      )
      .toBe(1);
    await expectNoAxeViolations(page, 'the PIN step in French with a malformed recovery code');
    await shoot(page, 'pin-step-fr-360');
    await page.getByTestId('recovery-input').fill(codes[0]!);
    await page.getByTestId('factor-verify').click();
    await page.waitForURL('**/home');

    // The same code a second time is refused.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signOutAndIn(page, 'demo.facteurs');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=TOTP');
    await page.getByTestId('factor-RECOVERY').check();
    await page.getByTestId('recovery-input').fill(codes[0]!);
    await page.getByTestId('factor-verify').click();
    await expect.poll(() => page.getByTestId('factor-error').textContent()).toMatch(/Il reste 4 essais/);
    await shoot(page, 'pin-step-fr-1366');
  });
});
