import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationReceiver, startNotificationReceiver } from '../../../test/notification-receiver';
import { cancelAtSandbox, confirmAtSandbox, submitCard } from '../../../test/sandbox-payer';
import { type SandboxProvider, startSandboxProvider } from './sandbox-provider';

const SECRET = 'sandbox-page-secret-0123456789abcdef';
const RETURN_URL = 'http://127.0.0.1:9/payment/done';
let receiver: NotificationReceiver;
let sandbox: SandboxProvider;
let counter = 0;

beforeAll(async () => {
  receiver = await startNotificationReceiver();
  sandbox = await startSandboxProvider({ secret: SECRET, notifyUrl: receiver.url, pendingMs: 300 });
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

async function newCheckout(
  options: { language?: string; currency?: string; returnUrl?: string | null } = {},
) {
  counter += 1;
  const extTranRefId = `ref-page-${counter}-${Date.now()}`;
  const response = await fetch(`${sandbox.origin}/v1/checkouts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/json',
      'idempotency-key': extTranRefId,
    },
    body: JSON.stringify({
      extTranRefId,
      amountMinor: 123_456,
      currency: options.currency ?? 'USD',
      kind: 'CREDIT_CARD',
      language: options.language ?? 'en',
      description: 'Invoice INV-7',
      returnUrl: options.returnUrl === undefined ? RETURN_URL : options.returnUrl,
    }),
  });
  const body = (await response.json()) as { checkoutUrl: string };
  return { extTranRefId, url: body.checkoutUrl };
}

async function statusOf(extTranRefId: string) {
  const response = await fetch(`${sandbox.origin}/v1/payments/${extTranRefId}`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

function notificationsFor(extTranRefId: string) {
  return receiver.events().filter((event) => event.data.extTranRefId === extTranRefId);
}

async function settleNotifications() {
  // Notifications leave after the page answers: give them a moment on loopback.
  await new Promise((resolve) => setTimeout(resolve, 80));
}

describe('the hosted card page', () => {
  it('is in English with labelled fields, the amount by locale, and a strict CSP', async () => {
    const { url } = await newCheckout();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<dd>$1,234.56</dd>');
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiry date'],
      ['cvc', 'Security code (CVC)'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}" name="${id}"`);
    }
    expect(html).toContain('<button type="submit">Pay $1,234.56</button>');
    expect(html).toContain('form="cancel-form">Cancel</button>');
    expect(html).not.toContain('<script');
    expect(html).toContain('<summary>Test cards (any future expiry date, any CVC)</summary>');
    expect(html).toContain(
      '<li><span class="number">4000 0000 0000 0069</span> expiration date incorrect</li>',
    );
  });

  it('is in French for a French checkout, amounts formatted the French way', async () => {
    const { url } = await newCheckout({ language: 'fr', currency: 'EUR' });
    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<label for="number">Numéro de carte</label>');
    expect(html).toContain('1\u202f234,56\u00a0€');
    expect(html).toContain('Annuler');
    const refused = await submitCard(url, { number: '1234', expiry: '13/30', cvc: '', name: '' });
    const errors = await refused.text();
    expect(errors).toContain('Le numéro de carte n’est pas valide. Vérifiez les chiffres.');
    expect(errors).toContain('Saisissez le nom figurant sur la carte.');
  });

  it('serves its stylesheet from its own origin', async () => {
    const response = await fetch(`${sandbox.origin}/assets/sandbox.css`);
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(await response.text()).toContain('.error{');
  });

  it('refuses a number that fails the Luhn check, with the error tied to the field, and charges nothing', async () => {
    const { extTranRefId, url } = await newCheckout();
    const response = await submitCard(url, { number: '4242 4242 4242 4241', name: 'Ada <b>Lovelace</b>' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(
      '<p class="error" id="number-error">The card number is not valid. Check the digits.</p>',
    );
    expect(html).toMatch(
      /<input id="number"[^>]*aria-describedby="number-hint number-error" aria-invalid="true" autofocus/,
    );
    expect(html).toContain('<div class="errors" role="alert">');
    expect(html).toContain(
      '<a href="#number">Card number: The card number is not valid. Check the digits.</a>',
    );
    // What was typed comes back escaped, and the security code never comes back.
    expect(html).toContain('value="Ada &lt;b&gt;Lovelace&lt;/b&gt;"');
    expect(html).toMatch(/<input id="cvc"[^>]*value=""/);
    expect(await statusOf(extTranRefId)).toMatchObject({ state: 'OPEN', outcome: 'PENDING' });
    await settleNotifications();
    expect(notificationsFor(extTranRefId)).toHaveLength(0);
  });

  it('lists every problem of the form at once: expiry, security code, name', async () => {
    const { url } = await newCheckout();
    const cases: Array<[Partial<Record<'expiry' | 'cvc' | 'name', string>>, string]> = [
      [{ expiry: '01/20' }, 'This card has expired.'],
      [{ expiry: '1/2' }, 'Enter the expiry date as MM/YY, for example 04/29.'],
      [{ expiry: '12/99' }, 'The expiry date is more than 15 years ahead.'],
    ];
    for (const [fields, message] of cases) {
      const html = await (await submitCard(url, { number: '4242424242424242', ...fields })).text();
      expect(html).toContain(`<p class="error" id="expiry-error">${message}</p>`);
    }
    const all = await (await submitCard(url, { number: '4242424242424242', cvc: '12', name: ' ' })).text();
    expect(all).toContain('Enter the 3 or 4 digit security code.');
    expect(all).toContain('Enter the name on the card.');
  });
});

describe('the test cards', () => {
  const finalCards: Array<[string, string, string]> = [
    ['4242 4242 4242 4242', 'SUCCESS', 'Approved'],
    ['4000 0000 0000 0002', 'DECLINED', 'Declined'],
    ['4000 0000 0000 0069', 'EXPIRATION_DATE_INCORRECT', 'ExpirationDateIncorrect'],
    ['4000 0000 0000 0119', 'FAILED', 'ProcessingError'],
  ];

  for (const [number, outcome, responseText] of finalCards) {
    it(`${number}: ${outcome} (${responseText}), back to the portal, Settle notified once`, async () => {
      const { extTranRefId, url } = await newCheckout();
      const response = await submitCard(url, { number });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(RETURN_URL);
      const status = await statusOf(extTranRefId);
      expect(status).toMatchObject({ outcome, responseText, last4: number.slice(-4), cardBrand: 'visa' });
      if (outcome === 'SUCCESS') expect(status.authCode).toMatch(/^\d{6}$/);
      else expect(status.authCode).toBeNull();
      await settleNotifications();
      const notified = notificationsFor(extTranRefId);
      expect(notified).toHaveLength(1);
      expect(notified[0]).toMatchObject({ type: 'payment.updated', data: { outcome, responseText } });
    });
  }

  it('4000 0000 0000 0259 stays PENDING, then succeeds on its own; Settle hears both', async () => {
    const { extTranRefId, url } = await newCheckout();
    await submitCard(url, { number: '4000000000000259' });
    expect(await statusOf(extTranRefId)).toMatchObject({ outcome: 'PENDING', responseText: 'Pending' });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await statusOf(extTranRefId)).toMatchObject({ outcome: 'SUCCESS', responseText: 'Approved' });
    await settleNotifications();
    expect(notificationsFor(extTranRefId).map((event) => event.data.outcome)).toEqual(['PENDING', 'SUCCESS']);
  });

  it('4000 0025 0000 3155 asks for confirmation on a second page; confirming succeeds', async () => {
    const { extTranRefId, url } = await newCheckout({ language: 'fr' });
    const first = await submitCard(url, { number: '4000002500003155' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/checkout/${url.split('/').pop()}/confirm`);
    expect(await statusOf(extTranRefId)).toMatchObject({
      state: 'REQUIRES_CONFIRMATION',
      outcome: 'PENDING',
    });
    const page = await (await fetch(`${url}/confirm`)).text();
    expect(page).toContain('Votre banque vous demande de confirmer le paiement de 1\u202f234,56\u00a0$US.');
    expect(page).toContain(
      '<button type="submit" name="decision" value="confirm">Confirmer le paiement</button>',
    );
    const confirmed = await confirmAtSandbox(url, 'confirm');
    expect(confirmed.headers.get('location')).toBe(RETURN_URL);
    expect(await statusOf(extTranRefId)).toMatchObject({ outcome: 'SUCCESS' });
  });

  it('4000 0025 0000 3155 not confirmed fails', async () => {
    const { extTranRefId, url } = await newCheckout();
    await submitCard(url, { number: '4000002500003155' });
    await confirmAtSandbox(url, 'refuse');
    expect(await statusOf(extTranRefId)).toMatchObject({
      outcome: 'FAILED',
      responseText: 'AuthenticationFailed',
    });
  });

  it('Cancel cancels; a card sent afterwards changes nothing', async () => {
    const { extTranRefId, url } = await newCheckout();
    const cancelled = await cancelAtSandbox(url);
    expect(cancelled.headers.get('location')).toBe(RETURN_URL);
    const late = await submitCard(url, { number: '4242424242424242' });
    expect(late.status).toBe(303);
    expect(await statusOf(extTranRefId)).toMatchObject({ outcome: 'CANCELLED', responseText: 'Cancelled' });
    await settleNotifications();
    expect(notificationsFor(extTranRefId).map((event) => event.data.outcome)).toEqual(['CANCELLED']);
  });

  it('a double submission charges once', async () => {
    const { extTranRefId, url } = await newCheckout();
    await Promise.all(Array.from({ length: 5 }, () => submitCard(url, { number: '4242424242424242' })));
    await settleNotifications();
    expect(notificationsFor(extTranRefId)).toHaveLength(1);
  });

  it('without a return address, the outcome page says the window can be closed', async () => {
    const { url } = await newCheckout({ returnUrl: null, language: 'fr' });
    const response = await submitCard(url, { number: '4000000000000002' });
    expect(response.headers.get('location')).toBe(`/checkout/${url.split('/').pop()}`);
    const html = await (await fetch(url)).text();
    expect(html).toContain('<p role="status">La carte a été refusée.</p>');
    expect(html).toContain('Vous pouvez fermer cette fenêtre.');
  });

  it('an unknown checkout is a 404 page', async () => {
    const response = await fetch(`${sandbox.origin}/checkout/cs_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This payment page does not exist or has expired.');
  });
});
