import type { SandboxEngine } from './sandbox-engine';
import { newId } from './sandbox-engine';
import {
  renderCardPage,
  renderConfirmPage,
  renderNotFoundPage,
  renderOutcomePage,
} from './sandbox-hosted-page';
import { formatAmount, pageLanguage } from './sandbox-page-texts';
import type { SandboxCard, SandboxCardSession, SandboxPayment } from './sandbox-records';
import type { SandboxStore } from './sandbox-store';
import { behaviourOf, type CardForm, validateCardForm } from './sandbox-test-cards';

/** A page answer: HTML, or a redirect (303, so the browser GETs the next address). */
export type PageAnswer =
  | { kind: 'html'; statusCode: number; html: string; formActionOrigins: string[] }
  | { kind: 'redirect'; location: string };

function html(statusCode: number, body: string, returnUrl: string | null = null): PageAnswer {
  // The hosted forms end in a redirect to the portal's return page: the CSP must let the form go there.
  return {
    kind: 'html',
    statusCode,
    html: body,
    formActionOrigins: returnUrl ? [new URL(returnUrl).origin] : [],
  };
}

function redirect(location: string): PageAnswer {
  return { kind: 'redirect', location };
}

function cardForm(form: URLSearchParams): CardForm {
  return {
    number: form.get('number') ?? '',
    expiry: form.get('expiry') ?? '',
    cvc: form.get('cvc') ?? '',
    name: form.get('name') ?? '',
  };
}

/**
 * The hosted pages the payer's browser walks: the card form, the confirmation page of cards that
 * ask for one, the outcome. The state is checked and changed in the same tick, so a double
 * submission charges once.
 */
export function createSandboxPages(options: { store: SandboxStore; engine: SandboxEngine }) {
  const { store, engine } = options;

  function checkoutPath(payment: SandboxPayment): string {
    return `/checkout/${payment.id}`;
  }

  /** After the outcome the browser goes back to the portal, or reads that it may close the window. */
  function finish(payment: SandboxPayment): PageAnswer {
    return redirect(payment.returnUrl ?? checkoutPath(payment));
  }

  function amountOf(payment: SandboxPayment): string {
    return formatAmount(payment.amountMinor, payment.currency, pageLanguage(payment.language));
  }

  function checkoutForm(payment: SandboxPayment, statusCode = 200, values?: CardForm, errors = {}) {
    return html(
      statusCode,
      renderCardPage({
        language: pageLanguage(payment.language),
        action: checkoutPath(payment),
        mode: 'checkout',
        amount: amountOf(payment),
        description: payment.description,
        values,
        errors,
      }),
      payment.returnUrl,
    );
  }

  async function findPayment(id: string): Promise<SandboxPayment | undefined> {
    const payment = store.payments.get(id);
    if (payment?.source !== 'checkout') return undefined;
    return engine.refresh(payment);
  }

  const notFound = (language = 'en') => html(404, renderNotFoundPage(pageLanguage(language)));

  return {
    async showCheckout(id: string): Promise<PageAnswer> {
      const payment = await findPayment(id);
      if (!payment) return notFound();
      if (payment.state === 'OPEN') return checkoutForm(payment);
      if (payment.state === 'REQUIRES_CONFIRMATION') return redirect(`${checkoutPath(payment)}/confirm`);
      return html(
        200,
        renderOutcomePage({
          language: pageLanguage(payment.language),
          outcome: payment.state,
          returnUrl: payment.returnUrl,
        }),
      );
    },

    async pay(id: string, form: URLSearchParams): Promise<PageAnswer> {
      const payment = await findPayment(id);
      if (!payment) return notFound();
      if (payment.state !== 'OPEN') return redirect(checkoutPath(payment));
      const values = cardForm(form);
      const checked = validateCardForm(values, new Date());
      if (!checked.ok) return checkoutForm(payment, 400, values, checked.errors);
      const { card } = checked;
      await engine.charge(
        payment,
        { behaviour: behaviourOf(card.digits), last4: card.last4, brand: card.brand },
        true,
      );
      // The charge moved the state on: read it again.
      const charged: string = payment.state;
      if (charged === 'REQUIRES_CONFIRMATION') return redirect(`${checkoutPath(payment)}/confirm`);
      return finish(payment);
    },

    async showConfirm(id: string): Promise<PageAnswer> {
      const payment = await findPayment(id);
      if (!payment) return notFound();
      if (payment.state !== 'REQUIRES_CONFIRMATION') return redirect(checkoutPath(payment));
      return html(
        200,
        renderConfirmPage({
          language: pageLanguage(payment.language),
          action: `${checkoutPath(payment)}/confirm`,
          amount: amountOf(payment),
        }),
        payment.returnUrl,
      );
    },

    async confirm(id: string, form: URLSearchParams): Promise<PageAnswer> {
      const payment = await findPayment(id);
      if (!payment) return notFound();
      if (payment.state !== 'REQUIRES_CONFIRMATION') return redirect(checkoutPath(payment));
      await engine.confirm(payment, form.get('decision') === 'confirm');
      return finish(payment);
    },

    async cancelCheckout(id: string): Promise<PageAnswer> {
      const payment = await findPayment(id);
      if (!payment) return notFound();
      if (payment.state === 'OPEN' || payment.state === 'REQUIRES_CONFIRMATION') await engine.cancel(payment);
      return finish(payment);
    },

    showCardSession(id: string): PageAnswer {
      const session = store.cardSessions.get(id);
      if (!session) return notFound();
      if (session.state !== 'OPEN') {
        return html(
          200,
          renderOutcomePage({
            language: pageLanguage(session.language),
            outcome: session.state,
            returnUrl: session.returnUrl,
          }),
        );
      }
      return cardSessionForm(session);
    },

    async saveCard(id: string, form: URLSearchParams): Promise<PageAnswer> {
      const session = store.cardSessions.get(id);
      if (!session) return notFound();
      if (session.state !== 'OPEN') return redirect(`/cards/${session.id}`);
      const values = cardForm(form);
      const checked = validateCardForm(values, new Date());
      if (!checked.ok) return cardSessionForm(session, 400, values, checked.errors);
      const behaviour = behaviourOf(checked.card.digits);
      // A declined card is refused at once, as providers check a card before saving it.
      if (behaviour === 'DECLINED') return cardSessionForm(session, 400, values, { number: 'cardRefused' });
      const card: SandboxCard = {
        token: newId('card'),
        behaviour,
        last4: checked.card.last4,
        brand: checked.card.brand,
        expiryMonth: checked.card.expiryMonth,
        expiryYear: checked.card.expiryYear,
        holderName: checked.card.holderName,
      };
      store.putCard(card);
      store.updateCardSession(session, { state: 'SAVED', cardToken: card.token });
      await store.save();
      return redirect(session.returnUrl ?? `/cards/${session.id}`);
    },

    async cancelCardSession(id: string): Promise<PageAnswer> {
      const session = store.cardSessions.get(id);
      if (!session) return notFound();
      if (session.state === 'OPEN') {
        store.updateCardSession(session, { state: 'CANCELLED' });
        await store.save();
      }
      return redirect(session.returnUrl ?? `/cards/${session.id}`);
    },
  };

  function cardSessionForm(
    session: SandboxCardSession,
    statusCode = 200,
    values?: CardForm,
    errors = {},
  ): PageAnswer {
    return html(
      statusCode,
      renderCardPage({
        language: pageLanguage(session.language),
        action: `/cards/${session.id}`,
        mode: 'save_card',
        values,
        errors,
      }),
      session.returnUrl,
    );
  }
}

export type SandboxPages = ReturnType<typeof createSandboxPages>;
