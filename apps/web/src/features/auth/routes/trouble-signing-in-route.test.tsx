import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

describe('trouble signing in', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('sends the upper-cased login name and shows the same confirmation for any name', async () => {
    const calls = stubApi([
      { method: 'POST', path: '/auth/troubleSigningIn', reply: { body: { sent: true } } },
      { method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } },
    ]);
    const confirmations: string[] = [];
    for (const name of ['jdoe', 'nobody.here']) {
      const { user, unmount } = renderApp({ route: '/troubleSigningIn' });
      await user.type(screen.getByLabelText('Login name'), `  ${name} `);
      await user.click(screen.getByTestId('trouble-submit'));
      confirmations.push((await screen.findByTestId('trouble-sent')).textContent ?? '');
      expect(screen.queryByTestId('trouble-login-name')).not.toBeInTheDocument();
      unmount();
    }

    expect(confirmations[0]).toContain('If this login exists, we sent a recovery e-mail to its address.');
    expect(confirmations[1]).toBe(confirmations[0]);
    const posts = calls.filter((call) => call.path === '/auth/troubleSigningIn');
    expect(posts.map((call) => call.body)).toEqual(['JDOE', 'NOBODY.HERE']);
    expect(posts[0]?.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
  });

  it('asks for the login name before sending anything', async () => {
    const calls = stubApi([]);
    const { user } = renderApp({ route: '/troubleSigningIn' });
    await user.click(screen.getByTestId('trouble-submit'));
    expect(await screen.findByText('Enter your login name')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('links back to the login page without the navigation bar', async () => {
    stubApi([{ method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } }]);
    const { user, router } = renderApp({ route: '/troubleSigningIn' });
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('back-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
