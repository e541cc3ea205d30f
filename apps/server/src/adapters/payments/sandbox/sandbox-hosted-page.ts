import type { PageLanguage } from './sandbox-page-texts';
import { textsFor } from './sandbox-page-texts';
import { type CardErrorCode, type CardField, type CardForm, TEST_CARDS } from './sandbox-test-cards';

/**
 * The hosted pages, rendered on the server: no script at all (the CSP allows none), native form
 * controls for the keyboard, labels on every field, each error tied to its field (aria-describedby,
 * aria-invalid) and listed in a summary announced as an alert.
 */

export const SANDBOX_STYLESHEET_PATH = '/assets/sandbox.css';

export const SANDBOX_STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1rem;margin:0 0 .25rem}
.notice{font-size:.875rem;background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:.25rem}
.summary{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
.summary dt{color:#374151}
.summary dd{margin:0;font-weight:600}
.field{margin:0 0 1rem}
.field label{display:block;font-weight:600;margin-bottom:.25rem}
.hint{display:block;font-size:.875rem;color:#4b5563;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.5rem .625rem;border:1px solid #6b7280;border-radius:.25rem;color:#111827;background:#fff}
input[aria-invalid="true"]{border:2px solid #b91c1c}
input:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.errors{border:2px solid #b91c1c;border-radius:.25rem;padding:.75rem;margin:1rem 0}
.errors ul{margin:.25rem 0 0;padding-left:1.25rem}
.errors a{color:#991b1b}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:.25rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f2937;border-color:#6b7280}
.inline{display:inline}
a{color:#1d4ed8}
.cards{margin-top:1.5rem;font-size:.875rem;color:#374151}
.cards summary{cursor:pointer;font-weight:600}
.cards ul{padding-left:1.25rem}
.number{font-family:ui-monospace,monospace;color:#111827}
`;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

type CardPageInput = {
  language: PageLanguage;
  /** The form's address; its cancel form posts to `${action}/cancel`. */
  action: string;
  mode: 'checkout' | 'save_card';
  amount?: string;
  description?: string;
  values?: Partial<CardForm>;
  errors?: Partial<Record<CardField, CardErrorCode | 'cardRefused'>>;
};

const FIELD_ORDER: CardField[] = ['number', 'expiry', 'cvc', 'name'];

export function renderCardPage(input: CardPageInput): string {
  const t = textsFor(input.language);
  const errors = input.errors ?? {};
  const values = input.values ?? {};
  const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
  const title = input.mode === 'checkout' ? t.checkoutTitle : t.saveCardTitle;

  const field = (name: CardField, label: string, attributes: string, hint?: string): string => {
    const error = errors[name];
    const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    // The security code is never sent back to the browser.
    const value = name === 'cvc' ? '' : (values[name] ?? '');
    return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
${hint ? `<span class="hint" id="${name}-hint">${escapeHtml(hint)}</span>` : ''}
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}"${describedBy ? ` aria-describedby="${describedBy}"` : ''}${error ? ' aria-invalid="true"' : ''}${firstInvalid === name ? ' autofocus' : ''} required>
${error ? `<p class="error" id="${name}-error">${escapeHtml(t.errors[error])}</p>` : ''}
</div>`;
  };

  const labels: Record<CardField, string> = { number: t.number, expiry: t.expiry, cvc: t.cvc, name: t.name };
  const summary = firstInvalid
    ? `<div class="errors" role="alert">
<h2>${escapeHtml(t.errorSummary)}</h2>
<ul>${FIELD_ORDER.filter((name) => errors[name])
        .map(
          (name) =>
            `<li><a href="#${name}">${escapeHtml(labels[name])}${t.labelSeparator}${escapeHtml(t.errors[errors[name]!])}</a></li>`,
        )
        .join('')}</ul>
</div>`
    : '';

  const details =
    input.mode === 'checkout'
      ? `<dl class="summary">
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(input.amount ?? '')}</dd>
${input.description ? `<dt>${escapeHtml(t.payFor)}</dt><dd>${escapeHtml(input.description)}</dd>` : ''}
</dl>`
      : '';

  return layout(
    input.language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice">${escapeHtml(t.sandboxNotice)}</p>
${details}
${summary}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field('number', t.number, 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"', t.numberHint)}
<div class="row">
${field('expiry', t.expiry, 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7"', t.expiryHint)}
${field('cvc', t.cvc, 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
</div>
${field('name', t.name, 'type="text" autocomplete="cc-name" maxlength="120"')}
<div class="actions">
<button type="submit">${escapeHtml(input.mode === 'checkout' ? t.pay(input.amount ?? '') : t.saveCard)}</button>
<button type="submit" class="secondary" form="cancel-form">${escapeHtml(t.cancel)}</button>
</div>
</form>
<form id="cancel-form" method="post" action="${escapeHtml(input.action)}/cancel"></form>
${testCardList(input.language)}`,
  );
}

/** A sandbox tells its test cards, so a demonstration needs no other document. */
function testCardList(language: PageLanguage): string {
  const t = textsFor(language);
  const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
  return `<details class="cards">
<summary>${escapeHtml(t.testCards)}</summary>
<ul>${TEST_CARDS.map((card) => `<li><span class="number">${grouped(card.number)}</span> ${escapeHtml(card.note[language])}</li>`).join('')}</ul>
</details>`;
}

export function renderConfirmPage(input: { language: PageLanguage; action: string; amount: string }): string {
  const t = textsFor(input.language);
  return layout(
    input.language,
    t.confirmTitle,
    `<h1>${escapeHtml(t.confirmTitle)}</h1>
<p class="notice">${escapeHtml(t.sandboxNotice)}</p>
<p>${escapeHtml(t.confirmText(input.amount))}</p>
<form method="post" action="${escapeHtml(input.action)}">
<div class="actions">
<button type="submit" name="decision" value="confirm">${escapeHtml(t.confirm)}</button>
<button type="submit" name="decision" value="refuse" class="secondary">${escapeHtml(t.refuse)}</button>
</div>
</form>`,
  );
}

export function renderOutcomePage(input: {
  language: PageLanguage;
  outcome: keyof ReturnType<typeof textsFor>['outcomes'];
  returnUrl: string | null;
}): string {
  const t = textsFor(input.language);
  return layout(
    input.language,
    t.outcomeTitle,
    `<h1>${escapeHtml(t.outcomeTitle)}</h1>
<p role="status">${escapeHtml(t.outcomes[input.outcome])}</p>
<p>${escapeHtml(t.closeWindow)}</p>
${input.returnUrl ? `<p><a href="${escapeHtml(input.returnUrl)}">${escapeHtml(t.returnLink)}</a></p>` : ''}`,
  );
}

export function renderNotFoundPage(language: PageLanguage): string {
  const t = textsFor(language);
  return layout(
    language,
    t.checkoutTitle,
    `<h1>${escapeHtml(t.checkoutTitle)}</h1><p>${escapeHtml(t.notFound)}</p>`,
  );
}
