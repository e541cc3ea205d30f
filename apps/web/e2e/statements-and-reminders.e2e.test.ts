import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { REPO_ROOT } from './support/launch-server';
import { pdfText } from './support/pdf-text';
import { apiSignIn, signedInPage } from './support/session';

const baseURL = inject('baseURL');
const browsing = browserForFile();
// Looked at by a person, not compared: kept out of the repository.
const SCREENS = path.join(REPO_ROOT, 'screens');

const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

async function open(loginName: string, pagePath: string, options: { locale: string; width: number }) {
  return signedInPage(browsing, {
    baseURL,
    loginName,
    path: pagePath,
    context: {
      locale: options.locale,
      viewport: { width: options.width, height: 900 },
      acceptDownloads: true,
    },
  });
}

/** Opens the statement dialog, checks it, downloads the PDF and finds the dialog's balance due in it. */
async function downloadStatement(page: Page, labels: { button: string; balanceDue: string }, screen: string) {
  await page.getByRole('button', { name: labels.button }).first().click();
  const total = page.getByTestId('statement-total-balanceDue');
  await total.waitFor();
  const shown = await total.textContent();
  expect(shown).toContain(labels.balanceDue);
  await expectNoAxeViolations(page, `the statement dialog (${screen})`);
  await page.screenshot({ path: path.join(SCREENS, `statement-${screen}.png`) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('statement-pdf').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^statement-C\d+-[A-Z]{3}-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(text).toContain(labels.balanceDue);
  // The balance due of the dialog, digits for digits, in the PDF.
  const amount = digits(shown?.replace(labels.balanceDue, '') ?? '');
  expect(amount.length).toBeGreaterThan(2);
  expect(digits(text)).toContain(amount);
  await page.keyboard.press('Escape');
}

describe('statements and reminders', () => {
  it('downloads the statement and reads its totals, and turns reminders on in the profile (en 1366, fr 360)', {
    timeout: 180_000,
  }, async () => {
    const english = await open('demo.full', '/home', { locale: 'en-US', width: 1366 });
    try {
      await downloadStatement(
        english,
        { button: 'Statement of account', balanceDue: 'Balance due' },
        'en-1366',
      );

      await english.goto(`${baseURL}/profile?tab=reminders`);
      await english.getByTestId('reminders-form').waitFor();
      await english.getByRole('checkbox', { name: '7 days before an invoice falls due' }).check();
      await english.getByRole('checkbox', { name: 'When an invoice becomes overdue' }).check();
      await english.getByTestId('reminders-save').click();
      await english.getByTestId('reminders-saved').waitFor();
      await english.reload();
      await english.getByTestId('reminders-form').waitFor();
      expect(
        await english.getByRole('checkbox', { name: '7 days before an invoice falls due' }).isChecked(),
      ).toBe(true);
      await expectNoAxeViolations(english, 'the reminders tab');
      await english.screenshot({ path: path.join(SCREENS, 'reminders-en-1366.png'), fullPage: true });
    } finally {
      const api = await apiSignIn(baseURL, 'demo.full');
      await api.send('PUT', '/reminders', { dueIn7Days: false, dueIn1Day: false, overdue: false });
      await api.request.dispose();
    }

    // demo.single reads French; 360 px wide.
    const french = await open('demo.single', '/invoices', { locale: 'fr-FR', width: 360 });
    try {
      await downloadStatement(french, { button: 'Relevé de compte', balanceDue: 'Solde dû' }, 'fr-360');
      await french.goto(`${baseURL}/profile?tab=reminders`);
      await french.getByTestId('reminders-form').waitFor();
      await french.getByRole('checkbox', { name: 'La veille de l’échéance d’une facture' }).check();
      await french.getByTestId('reminders-save').click();
      await french.getByText('Rappels enregistrés').waitFor();
      await expectNoAxeViolations(french, 'the reminders tab in French at 360 px');
      await french.screenshot({ path: path.join(SCREENS, 'reminders-fr-360.png'), fullPage: true });
    } finally {
      const api = await apiSignIn(baseURL, 'demo.single');
      await api.send('PUT', '/reminders', { dueIn7Days: false, dueIn1Day: false, overdue: false });
      await api.request.dispose();
    }
  });
});
