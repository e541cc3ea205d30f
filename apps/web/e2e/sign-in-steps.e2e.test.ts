import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile, DEMO_PASSWORD } from './support/browser';
import { latestSentAt, newestCode } from './support/outbox';
import { enterCode, submitSignInForm } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();

describe('the sign-in steps', () => {
  it('demo.pin: password, then the texted code, then /home', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const since = await latestSentAt(baseURL, '5550100042');
    await submitSignInForm(page, baseURL, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('We sent a code to ••••0042.');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('pin-digit-0');
    await expectNoAxeViolations(page, 'the PIN page');
    const code = await newestCode(baseURL, '5550100042', since);

    // A wrong code first: the page says how many tries are left.
    await enterCode(page, code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.getByTestId('pin-error').textContent()).toMatch(/4 tries left/);
    await expect.poll(() => page.getByTestId('pin-verify').getAttribute('data-loading')).toBeNull();
    await expectNoAxeViolations(page, 'the PIN page with a refused code');

    await enterCode(page, code);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Jordan Lee');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(DEMO_PASSWORD);
  });

  it('demo.pin in French: the PIN page, and a reload goes back to the login page', async () => {
    const page = await browsing.newPage({ locale: 'fr-FR' });
    const since = await latestSentAt(baseURL, '5550100042');
    await submitSignInForm(page, baseURL, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('Nous avons envoyé un code au ••••0042.');
    await newestCode(baseURL, '5550100042', since);
    await expect.poll(() => page.getByRole('button', { name: 'Vérifier' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'the PIN page in French');

    await page.reload();
    await page.waitForURL('**/login');
    await page.getByTestId('sign-in').waitFor();
  });

  it('demo.nomobile: the mobile page, then the code texted to the new number, then /home', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const since = await latestSentAt(baseURL, '5550100077');
    await submitSignInForm(page, baseURL, 'demo.nomobile');
    await page.waitForURL('**/postLogin?pinCode=false');
    await page.getByTestId('sms-phone').waitFor();

    await page.getByTestId('sms-phone').fill('<b>');
    await expect.poll(() => page.getByTestId('mobile-save').isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('These characters are not allowed').count()).toBe(1);
    await expectNoAxeViolations(page, 'the mobile number page with an error');

    await page.getByTestId('sms-area-code').fill('555');
    await page.getByTestId('sms-phone').fill('0100077');
    await expect.poll(() => page.getByTestId('mobile-save').isEnabled()).toBe(true);
    await expect.poll(() => page.getByText('Your code will be sent to 555 0100077').count()).toBe(1);
    await page.getByTestId('mobile-save').click();

    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('We sent a code to ••••0077.');
    const code = await newestCode(baseURL, '5550100077', since);
    await enterCode(page, code);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Sam Rivera');
  });

  it('trouble signing in: the same confirmation, then back to the login page', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    await page.goto(`${baseURL}/login`);
    await page.getByTestId('trouble-signing-in').click();
    await page.waitForURL('**/troubleSigningIn');
    await page.getByTestId('trouble-login-name').waitFor();
    expect(await page.getByTestId('sign-out').count()).toBe(0);
    await expectNoAxeViolations(page, 'the trouble signing in page');

    await page.getByTestId('trouble-login-name').fill('demo.full');
    await page.getByTestId('trouble-submit').click();
    await expect
      .poll(() => page.getByTestId('trouble-sent').textContent())
      .toContain('If this login exists, we sent a recovery e-mail to its address.');
    await expectNoAxeViolations(page, 'the recovery e-mail confirmation');
    await page.getByTestId('back-to-login').click();
    await page.waitForURL('**/login');
  });
});
