/**
 * Plays the payer's browser at the sandbox provider's hosted page, over real HTTP: what a route test of
 * the payment flows needs to make a checkout succeed, fail or be cancelled.
 */

export type TestCardEntry = { number: string; expiry?: string; cvc?: string; name?: string };

/** A valid expiry: next year's December, as MM/YY. */
export function futureExpiry(): string {
  return `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  };
}

/** Submits the card form at serviceURL (the hosted checkout or save-card page); answers the raw response. */
export function submitCard(serviceURL: string, card: TestCardEntry): Promise<Response> {
  return fetch(
    serviceURL,
    form({
      number: card.number,
      expiry: card.expiry ?? futureExpiry(),
      cvc: card.cvc ?? '123',
      name: card.name ?? 'Ada Lovelace',
    }),
  );
}

/** The Cancel button of the hosted page. */
export function cancelAtSandbox(serviceURL: string): Promise<Response> {
  return fetch(`${serviceURL}/cancel`, form({}));
}

/** The second page of the card that needs confirming (4000 0025 0000 3155). */
export function confirmAtSandbox(serviceURL: string, decision: 'confirm' | 'refuse'): Promise<Response> {
  return fetch(`${serviceURL}/confirm`, form({ decision }));
}
