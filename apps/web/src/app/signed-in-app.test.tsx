import { Privilege } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
} from '../features/invoices/testing/invoice-fixtures';
import {
  buildPaymentLogList,
  paymentLogScreenRoutes,
} from '../features/payment-logs/testing/payment-log-fixtures';
import { getUserData } from '../lib/user-storage';
import { homeRoutes, legalTemplateRoute } from '../testing/common-routes';
import { errorBody, type RecordedCall, type StubRoute, stubApi } from '../testing/fetch-stub';
import { acme, beta, buildSummary, buildUserData } from '../testing/fixtures';
import { renderApp } from '../testing/render';

function signedInApi(summary: StubRoute['reply'] = { body: buildSummary() }, extra: StubRoute[] = []) {
  return stubApi([...extra, ...homeRoutes({ customers: [acme, beta], summary }), legalTemplateRoute]);
}

describe('signed-in app', () => {
  it('greets the user and shows the summary in the user formats', async () => {
    signedInApi();
    renderApp({ route: '/home', userData: buildUserData() });

    expect(screen.getByTestId('greeting')).toHaveTextContent('Welcome, Jane');
    expect(screen.getByTestId('current-account')).toHaveTextContent('Acme Corp (C100)');
    // The dashboard's layout comes first, then each widget loads on its own.
    expect(screen.getByTestId('dashboard-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('summary-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('summary-open-amount')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('summary-open-detail')).toHaveTextContent('1,234 invoices');
    expect(screen.getByTestId('summary-overdue-detail')).toHaveTextContent('1 invoice');
    expect(screen.getByTestId('summary-credits-amount')).toHaveTextContent('-$50.25');
    expect(screen.getByTestId('server-date')).toHaveTextContent('Nov 22, 2026');
    // Each figure once: the date is the page's, not repeated by the cards.
    expect(screen.getAllByText(/Nov 22, 2026/)).toHaveLength(1);
    expect(screen.getByTestId('summary-credits-detail')).toHaveTextContent('3 invoices');
    expect(screen.getByTestId('summary-disputed-detail')).toHaveTextContent('4 invoices');
  });

  it('offers the cart link only to users who may pay', async () => {
    signedInApi();
    const { unmount } = renderApp({ route: '/home', userData: buildUserData({ roles: FULL_ROLES }) });
    expect(await screen.findByTestId('cart-link')).toHaveAttribute('href', '/paymentCart');
    unmount();
    renderApp({ route: '/home', userData: buildUserData({ roles: [Privilege.ALLOW_PROB_VIEW] }) });
    await screen.findByTestId('greeting');
    expect(screen.queryByTestId('cart-link')).not.toBeInTheDocument();
  });

  it("keeps the header's secondary links in the navigation menu on a narrow screen (jsdom matches no width)", async () => {
    signedInApi(undefined, [
      { method: 'GET', path: '/payment/approvals/count', reply: { body: { toDecide: 2 } } },
    ]);
    const { user } = renderApp({ route: '/home', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('greeting');
    // jsdom takes Mantine's hidden-from-md class for hidden: the burger is found all the same.
    await user.click(screen.getByLabelText('Open the navigation menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Approvals: 2 payments to approve' })).toHaveAttribute(
      'href',
      '/paymentApprovals',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(
      within(menu).getByRole('menuitem', { name: /^Help\s*\(opens in a new window\)$/ }),
    ).toHaveAttribute('href', '/help/home?lang=en');
    expect(within(menu).getByRole('menuitemradio', { name: 'Same as the system' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('opens the invoice grid on the invoices of the card clicked', async () => {
    const calls = signedInApi(undefined, [
      ...gridRoutes(),
      { method: 'GET', path: '/invoices', reply: { body: buildListResponse([buildInvoiceRow()]) } },
    ]);
    const { user, router } = renderApp({ route: '/home', userData: buildUserData({ roles: FULL_ROLES }) });
    expect(await screen.findByTestId('summary-open')).toHaveAttribute('href', '/invoices');

    await user.click(screen.getByTestId('summary-overdue'));
    await screen.findByTestId('invoice-row-INV-1');
    expect(router.state.location.pathname).toBe('/invoices');
    const listCall = calls.filter((call) => call.path === '/invoices').at(-1)!;
    expect(listCall.query.get('filter')).toBe("dueDate lt datetime'2026-11-22T00:00:00' and balance gt 0");
    // The advanced search shows the criteria the card applied.
    expect(router.state.location.search).toContain('criteria=');

    for (const [card, filter] of [
      ['summary-credits', 'balance lt 0'],
      ['summary-disputed', 'disputeAmount gt 0'],
    ] as const) {
      await router.navigate('/home');
      await user.click(await screen.findByTestId(card));
      await screen.findByTestId('invoice-row-INV-1');
      expect(
        calls
          .filter((call) => call.path === '/invoices')
          .at(-1)!
          .query.get('filter'),
      ).toBe(filter);
    }
  });

  it('formats by the user formatting locale and currency symbol', async () => {
    signedInApi();
    renderApp({
      route: '/home',
      language: 'fr',
      userData: buildUserData({ language: 'fr', localeForFormatting: 'fr-FR', currencyMap: { USD: 'US$' } }),
    });
    const amount = await screen.findByTestId('summary-open-amount');
    // fr-FR groups with a narrow no-break space and puts the symbol after the amount.
    expect(amount.textContent?.replace(/\s/g, ' ')).toBe('1 234,50 US$');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Bienvenue, Jane');
  });

  it('fetches the summary again for the new account after a change', async () => {
    let served = 0;
    const calls = signedInApi(() => {
      served += 1;
      return {
        body:
          served === 1
            ? buildSummary()
            : buildSummary({ custNo: 'C200', currencyCode: 'CAD', openBalance: '99' }),
      };
    }, [
      {
        method: 'PUT',
        path: '/user/currenctCust/C200',
        reply: { body: { currentCustNo: 'C200', currentCustomer: beta, currencyCode: 'CAD' } },
      },
    ]);
    const { user } = renderApp({ route: '/home', userData: buildUserData() });
    expect(await screen.findByTestId('summary-open-amount')).toHaveTextContent('$1,234.50');

    await user.click(screen.getByTestId('account-select'));
    await user.click(screen.getByRole('option', { name: 'Beta Industries (C200)' }));

    await waitFor(() => expect(screen.getByTestId('summary-open-amount')).toHaveTextContent('CA$99.00'));
    expect(screen.getByTestId('current-account')).toHaveTextContent('Beta Industries (C200)');
    expect(
      calls.filter((call: RecordedCall) => call.path === '/dashboard/custSummary').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('sends the user to /login with the reason when the session has expired', async () => {
    signedInApi({ status: 401, body: errorBody(401, 'SESSION_EXPIRED', 'Expired') });
    const { router } = renderApp({ route: '/home', userData: buildUserData() });

    expect(await screen.findByTestId('logout-reason')).toHaveTextContent('Your session has expired.');
    expect(router.state.location.pathname).toBe('/login');
    // An ended session is not a deep link: whoever signs in next starts at home.
    expect(router.state.location.search).toBe('');
    expect(getUserData()).toBeNull();
    expect(sessionStorage.getItem('logoutReason')).toBe('SESSION_EXPIRED');
  });

  it('treats a 415 as a deactivated user', async () => {
    signedInApi({ status: 415, body: errorBody(415, 'USER_INACTIVE', 'Inactive') });
    renderApp({ route: '/home', userData: buildUserData() });
    expect(await screen.findByTestId('logout-reason')).toHaveTextContent(
      'Your account has been deactivated.',
    );
  });

  it('tells the user when the server answers 500', async () => {
    signedInApi({ status: 500, body: errorBody(500, 'INTERNAL', 'Boom') });
    renderApp({ route: '/home', userData: buildUserData() });
    expect(
      await screen.findByText('The server is responding error:500. Please try again later.', {
        selector: 'p, div',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('summary-error')).toBeInTheDocument();
    expect(getUserData()).not.toBeNull();
  });

  it('signs out: ends the server session, forgets the user and shows /login', async () => {
    const calls = signedInApi(undefined, [
      { method: 'GET', path: '/auth/logout', reply: { body: { loggedOut: true } } },
    ]);
    const { user, router } = renderApp({ route: '/home', userData: buildUserData() });

    await user.click(screen.getByTestId('sign-out'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
    expect(router.state.location.search).toBe('');
    expect(getUserData()).toBeNull();
    expect(screen.queryByTestId('logout-reason')).not.toBeInTheDocument();
  });

  it('opens the payment logs from the main navigation', async () => {
    signedInApi(undefined, [
      ...paymentLogScreenRoutes(),
      { method: 'GET', path: '/payment/logs', reply: { body: buildPaymentLogList([]) } },
    ]);
    const { user } = renderApp({ route: '/home', userData: buildUserData() });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(await screen.findByText('No payments in this date range.')).toBeInTheDocument();
  });
});

describe('routing', () => {
  it('says an unknown address is not found when signed out, with a way to sign in', async () => {
    stubApi([legalTemplateRoute]);
    const { router, user } = renderApp({ route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says an unknown address is not found when signed in, in the signed-in shell with a way home', async () => {
    signedInApi();
    const { router, user } = renderApp({ route: '/welcome', userData: buildUserData() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends the bare address and /login to /home when signed in', async () => {
    signedInApi();
    const { router } = renderApp({ route: '/', userData: buildUserData() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await router.navigate('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('keeps signed-out users away from signed-in pages', async () => {
    stubApi([legalTemplateRoute]);
    const { router } = renderApp({ route: '/home' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
