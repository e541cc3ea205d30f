import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { homeRoutes, legalTemplateRoute, preloginRoute } from '../../../testing/common-routes';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp, renderComponent } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { LoginForm } from '../components/login-form';

const START_URL = '/getpaid-rest/api/auth/sso/start?solutionInstanceGuid=sso-demo';

describe('login page, pre-login step', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('sends a single-sign-on user to the provider with the login name alone', async () => {
    const calls = stubApi([preloginRoute({ sso: true, ssoLoginUrl: START_URL })]);
    const leave = vi.fn();
    const { user } = renderComponent(
      <LoginForm
        onSignedIn={vi.fn()}
        onCodeStep={vi.fn()}
        solutionInstanceGuid="sso-demo"
        onSingleSignOn={leave}
      />,
    );
    await user.type(screen.getByLabelText('Login name'), ' demo.sso ');
    await user.click(screen.getByTestId('sign-in'));

    await waitFor(() => expect(leave).toHaveBeenCalledWith(START_URL));
    const [prelogin] = calls;
    expect(prelogin).toMatchObject({ method: 'POST', path: '/auth/prelogin', body: 'demo.sso' });
    expect(prelogin!.query.get('solutionInstanceGuid')).toBe('sso-demo');
    expect(prelogin!.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
    expect(calls.some((call) => call.path === '/auth/login')).toBe(false);
    // No password was asked for, and the button waits while the page leaves.
    expect(screen.queryByText('Enter your password')).not.toBeInTheDocument();
    expect(screen.getByTestId('sign-in')).toHaveAttribute('data-loading', 'true');
  });

  it('says so when the tenant uses single sign-on but the portal has no provider set up', async () => {
    const calls = stubApi([legalTemplateRoute, preloginRoute({ sso: true })]);
    const { user } = renderApp({ route: '/login?solutionInstanceGuid=sso-demo' });
    await user.type(screen.getByLabelText('Login name'), 'demo.sso');
    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Single sign-on is not set up for this portal. Please contact your administrator.',
    );
    const prelogin = calls.find((call) => call.path === '/auth/prelogin');
    expect(prelogin?.query.get('solutionInstanceGuid')).toBe('sso-demo');
    expect(calls.some((call) => call.path === '/auth/login')).toBe(false);
  });

  it('goes on to the password for everyone else, and still asks for it', async () => {
    const userData = buildUserData();
    const calls = stubApi([
      legalTemplateRoute,
      preloginRoute({ sso: false }),
      { method: 'POST', path: '/auth/login', reply: { body: userData } },
      // The sign-in goes on to /home, whose calls may start before the test ends.
      ...homeRoutes({ customers: userData.customers }),
    ]);
    const { user } = renderApp({ route: '/login' });
    await user.type(screen.getByLabelText('Login name'), 'jdoe');
    await user.click(screen.getByTestId('sign-in'));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/auth/login')).toBe(false);

    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByTestId('sign-in'));
    await waitFor(() => expect(calls.some((call) => call.path === '/auth/login')).toBe(true));
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === '/auth/prelogin')).toHaveLength(2);
    expect(paths.lastIndexOf('/auth/prelogin')).toBeLessThan(paths.indexOf('/auth/login'));
  });
});
