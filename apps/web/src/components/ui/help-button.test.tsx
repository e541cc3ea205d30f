import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectorRoute, homeRoutes, legalTemplateRoute } from '../../testing/common-routes';
import { stubApi } from '../../testing/fetch-stub';
import { buildUserData } from '../../testing/fixtures';
import { buildPaymentConfig } from '../../testing/payment-fixtures';
import { renderApp, renderComponent } from '../../testing/render';
import { HelpButton } from './help-button';

function spyOnWindowOpen() {
  return vi.spyOn(window, 'open').mockReturnValue(null);
}

afterEach(() => vi.restoreAllMocks());

describe('HelpButton', () => {
  it('opens the current screen’s topic in the interface language', async () => {
    const open = spyOnWindowOpen();
    const { user } = renderComponent(<HelpButton />, { route: '/detail/O/INV-7', language: 'fr' });
    const button = screen.getByTestId('help-button');
    expect(button).toHaveTextContent('Aide');
    expect(button).toHaveAttribute('href', '/help/invoice-detail?lang=fr');
    await user.click(button);
    expect(open).toHaveBeenCalledWith(
      '/help/invoice-detail?lang=fr',
      '_blank',
      expect.stringContaining('noopener'),
    );
  });

  it('sits in the header of every signed-in page, pointing at that page’s topic', async () => {
    stubApi([
      ...homeRoutes(),
      // The cart page: its collector, and the sync of its (empty) cart.
      collectorRoute,
      { method: 'POST', path: '/payment/syncPaymentCart/C100', reply: { body: [] } },
      { method: 'GET', path: '/payment/config/cart/USD', reply: { body: buildPaymentConfig() } },
      { method: 'GET', path: '/payment/profiles', reply: { body: [] } },
    ]);
    const open = spyOnWindowOpen();
    const { user, router } = renderApp({ route: '/home', userData: buildUserData() });
    await user.click(await screen.findByTestId('help-button'));
    expect(open).toHaveBeenLastCalledWith('/help/home?lang=en', '_blank', expect.any(String));
    // The portal stays where it was.
    expect(router.state.location.pathname).toBe('/home');

    await router.navigate('/paymentCart');
    // The button follows the screen: its address changes once the new page is drawn.
    await waitFor(() =>
      expect(screen.getByTestId('help-button')).toHaveAttribute('href', '/help/payment-cart?lang=en'),
    );
    await user.click(screen.getByTestId('help-button'));
    expect(open).toHaveBeenLastCalledWith('/help/payment-cart?lang=en', '_blank', expect.any(String));
  });

  it('is on the login page, for the sign-in topic', async () => {
    stubApi([legalTemplateRoute]);
    const open = spyOnWindowOpen();
    const { user } = renderApp({ route: '/login' });
    const link = await screen.findByTestId('help-link');
    expect(link).toHaveTextContent('Help');
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(link);
    expect(open).toHaveBeenCalledWith('/help/sign-in?lang=en', '_blank', expect.any(String));
  });
});
