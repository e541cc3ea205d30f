import type { THelpTopicResponse } from '@settle/shared/help';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUserData } from '../../../lib/user-storage';
import { errorBody, type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const TITLES = {
  en: { index: 'Settle help', invoices: 'Invoices', 'payment-cart': 'Payment cart' },
  fr: { index: 'Aide de Settle', invoices: 'Factures', 'payment-cart': 'Panier de paiement' },
} as const;

function topicBody(topic: 'index' | 'invoices' | 'payment-cart', language: 'en' | 'fr'): THelpTopicResponse {
  const titles = TITLES[language];
  return {
    language,
    topic,
    title: titles[topic],
    summary: language === 'en' ? `About ${titles[topic]}.` : `À propos : ${titles[topic]}.`,
    sections: [
      {
        heading: language === 'en' ? 'Export and print' : 'Exporter et imprimer',
        blocks: [
          {
            type: 'paragraph',
            text: language === 'en' ? 'Select **Excel (all)**.' : 'Choisissez **Excel (tout)**.',
          },
          { type: 'steps', items: ['One', 'Two'] },
          { type: 'list', items: ['A <b>literal</b> tag'] },
          { type: 'tip', text: 'Tip text' },
        ],
      },
    ],
    topics: (['index', 'invoices', 'payment-cart'] as const).map((slug) => ({
      topic: slug,
      title: titles[slug],
    })),
  };
}

/** The help API as the server answers it: the language resolved, the topic or 404. */
function stubHelp(options: { status?: number } = {}) {
  return stubApi([
    {
      method: 'GET',
      path: '/help/invoices',
      reply: (call: RecordedCall) =>
        options.status
          ? { status: options.status, body: errorBody(options.status, 'UNAUTHENTICATED', 'Please sign in.') }
          : { body: topicBody('invoices', call.query.get('language') === 'fr' ? 'fr' : 'en') },
    },
    {
      method: 'GET',
      path: '/help/payment-cart',
      reply: (call: RecordedCall) => ({
        body: topicBody('payment-cart', call.query.get('language') === 'fr' ? 'fr' : 'en'),
      }),
    },
    {
      method: 'GET',
      path: '/help/index',
      reply: (call: RecordedCall) => ({
        body: topicBody('index', call.query.get('language') === 'fr' ? 'fr' : 'en'),
      }),
    },
  ]);
}

describe('the help page', () => {
  it('shows the English topic on its own page, with the index beside it', async () => {
    const calls = stubHelp();
    renderApp({ route: '/help/invoices?lang=en', userData: buildUserData() });

    expect(await screen.findByTestId('help-title')).toHaveTextContent('Invoices');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('language')).toBe('en');
    // Fetched with the session cookie, like every call of the portal.
    expect(calls[0]?.credentials).toBe('same-origin');

    const article = screen.getByTestId('help-article');
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Export and print');
    expect(within(article).getByText('Excel (all)').tagName).toBe('STRONG');
    expect(article.querySelectorAll('ol > li')).toHaveLength(2);
    // Help text is text: a tag in it is shown, never parsed.
    expect(article.querySelector('b')).toBeNull();
    expect(article).toHaveTextContent('A <b>literal</b> tag');
    expect(screen.getByTestId('help-tip')).toHaveTextContent('Good to know');

    const index = screen.getByRole('navigation', { name: 'Help topics' });
    expect(within(index).getByTestId('help-topic-invoices')).toHaveAttribute('aria-current', 'page');
    expect(within(index).getByTestId('help-topic-payment-cart')).toHaveAttribute(
      'href',
      '/help/payment-cart?lang=en',
    );
    // A standalone page: no navigation bar, no account selector, no sign-out.
    expect(screen.queryByTestId('nav-home')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    expect(document.title).toBe('Invoices · Settle');
  });

  it('shows the French help set and speaks French around it', async () => {
    const calls = stubHelp();
    renderApp({ route: '/help/invoices?lang=fr', userData: buildUserData() });

    expect(await screen.findByTestId('help-title')).toHaveTextContent('Factures');
    expect(calls[0]?.query.get('language')).toBe('fr');
    expect(screen.getByTestId('help-heading')).toHaveTextContent('Aide');
    expect(screen.getByRole('navigation', { name: "Rubriques d'aide" })).toBeInTheDocument();
    expect(screen.getByTestId('help-tip')).toHaveTextContent('Bon à savoir');
    expect(screen.getByTestId('help-article')).toHaveAttribute('lang', 'fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('falls back to English for another language, and without one', async () => {
    const calls = stubHelp();
    const { router } = renderApp({ route: '/help/invoices?lang=de', userData: buildUserData() });
    expect(await screen.findByTestId('help-title')).toHaveTextContent('Invoices');
    expect(screen.getByTestId('help-heading')).toHaveTextContent('Help');

    await router.navigate('/help/payment-cart');
    expect(await screen.findByText('Payment cart', { selector: 'h1' })).toBeInTheDocument();
    expect(calls.map((call) => call.query.get('language'))).toEqual(['en', 'en']);
  });

  it('opens the index at /help, and another topic from the index in the same language', async () => {
    const calls = stubHelp();
    const { user } = renderApp({ route: '/help?lang=fr', userData: buildUserData() });
    expect(await screen.findByTestId('help-title')).toHaveTextContent('Aide de Settle');

    await user.click(screen.getByTestId('help-topic-payment-cart'));
    expect(await screen.findByText('Panier de paiement', { selector: 'h1' })).toBeInTheDocument();
    expect(calls.map((call) => `${call.path} ${call.query.get('language')}`)).toEqual([
      '/help/index fr',
      '/help/payment-cart fr',
    ]);
  });

  it('switches the help language from the page', async () => {
    const calls = stubHelp();
    const { user, router } = renderApp({ route: '/help/invoices?lang=en', userData: buildUserData() });
    await screen.findByTestId('help-title');

    await user.click(screen.getByText('Français'));
    expect(await screen.findByText('Factures', { selector: 'h1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lang=fr');
    expect(calls.map((call) => call.query.get('language'))).toEqual(['en', 'fr']);
  });

  it('asks to sign in when the session is missing, without signing the portal out', async () => {
    stubHelp({ status: 401 });
    renderApp({ route: '/help/invoices?lang=en', userData: buildUserData() });

    const alert = await screen.findByTestId('help-sign-in-required');
    expect(alert).toHaveTextContent('Sign in to read this topic');
    expect(within(alert).getByRole('link', { name: 'Help with signing in' })).toHaveAttribute(
      'href',
      '/help/sign-in?lang=en',
    );
    // The help window's own 401 must not end the portal's session in the other window.
    expect(getUserData()?.loginName).toBe('jdoe');
  });

  it('says so when a topic does not exist, and links to the index', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/help/payroll',
        reply: { status: 404, body: errorBody(404, 'NOT_FOUND', 'Help topic “payroll” was not found.') },
      },
    ]);
    renderApp({ route: '/help/payroll?lang=fr' });

    const alert = await screen.findByTestId('help-not-found');
    expect(alert).toHaveTextContent("Cette rubrique d'aide n'existe pas");
    expect(within(alert).getByRole('link')).toHaveAttribute('href', '/help/index?lang=fr');
    // No index, not even a placeholder, for a topic that failed.
    expect(screen.queryByTestId('help-topics')).not.toBeInTheDocument();
    expect(screen.queryByTestId('help-topics-loading')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('help-loading')).not.toBeInTheDocument());
  });
});
