import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPendingSignIn, getPendingSignIn } from '../../../lib/pending-sign-in';
import { getUserData } from '../../../lib/user-storage';
import { homeRoutes, legalTemplateRoute, preloginRoute } from '../../../testing/common-routes';
import { controlTimers } from '../../../testing/controlled-timers';
import {
  errorBody,
  type RecordedCall,
  type StubReply,
  type StubRoute,
  stubApi,
} from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

const userData = buildUserData();
const pinRequired = { pinRequired: true, pincodeMethod: 'SMS', maskedMobile: '••••0042', factors: ['SMS'] };

/** The sign-in page (legal texts, the pre-login step of a password tenant) and /home after it. */
const homeCalls: StubRoute[] = [
  legalTemplateRoute,
  preloginRoute(),
  ...homeRoutes({ customers: userData.customers }),
];

/** The password step answers `first`; a call with a pinCode answers `withCode`. */
function loginRoute(first: StubReply, withCode: StubReply = { body: userData }): StubRoute {
  return {
    method: 'POST',
    path: '/auth/login',
    reply: (call: RecordedCall) => ((call.body as { pinCode?: string }).pinCode ? withCode : first),
  };
}

async function submitPassword(user: UserEvent) {
  await user.type(screen.getByLabelText('Login name'), 'jdoe');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByTestId('sign-in'));
}

async function typeCode(user: UserEvent, code: string) {
  await user.click(screen.getByTestId('pin-digit-0'));
  await user.keyboard(code);
}

function codeStepStored(): boolean {
  const stored = [...Object.values({ ...localStorage }), ...Object.values({ ...sessionStorage })].join(' ');
  return stored.includes('correct horse');
}

describe('the PIN step', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
    clearPendingSignIn();
  });

  it('opens the PIN page when the password step answers pinRequired, keeping the password in memory only', async () => {
    stubApi([...homeCalls, loginRoute({ body: pinRequired })]);
    const { user, router } = renderApp({ route: '/login' });

    await submitPassword(user);

    expect(await screen.findByTestId('pin-sent-to')).toHaveTextContent('We sent a code to ••••0042.');
    expect(router.state.location.pathname).toBe('/postLogin');
    expect(router.state.location.search).toBe('?pinCode=true&pincodeMethod=SMS');
    expect(screen.getByTestId('pin-digit-0')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(getPendingSignIn()).toMatchObject({ loginName: 'jdoe', password: 'correct horse' });
    expect(codeStepStored()).toBe(false);
    expect(getUserData()).toBeNull();
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
  });

  it('sends loginName, password and pinCode, stores userData and opens /home', async () => {
    const calls = stubApi([...homeCalls, loginRoute({ body: pinRequired })]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('pin-sent-to');

    await typeCode(user, '123456');
    await user.click(screen.getByTestId('pin-verify'));

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Welcome, Jane');
    expect(router.state.location.pathname).toBe('/home');
    const logins = calls.filter((call) => call.path === '/auth/login');
    expect(logins.map((call) => call.body)).toEqual([
      { loginName: 'jdoe', password: 'correct horse' },
      { loginName: 'jdoe', password: 'correct horse', pinCode: '123456' },
    ]);
    expect(logins[1]?.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
    expect(getUserData()?.fullName).toBe('Jane Doe');
    // Used once, then forgotten.
    expect(getPendingSignIn()).toBeNull();
  });

  it('sends nothing until the 6 digits are entered', async () => {
    const calls = stubApi([...homeCalls, loginRoute({ body: pinRequired })]);
    const { user } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('pin-sent-to');

    await typeCode(user, '123');
    await user.click(screen.getByTestId('pin-verify'));

    expect(await screen.findByText('Enter the 6 digits of the code')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/login')).toHaveLength(1);
  });

  it('says how many tries are left after a wrong code', async () => {
    stubApi([
      ...homeCalls,
      loginRoute(
        { body: pinRequired },
        {
          status: 401,
          body: errorBody(401, 'INVALID_PINCODE', 'The code is not correct. 4 tries left.', { args: ['4'] }),
        },
      ),
    ]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('pin-sent-to');

    await typeCode(user, '000000');
    await user.click(screen.getByTestId('pin-verify'));

    expect(await screen.findByTestId('pin-error')).toHaveTextContent(
      'The code is not correct. 4 tries left.',
    );
    expect(router.state.location.pathname).toBe('/postLogin');
    expect(getUserData()).toBeNull();
  });

  it('shows the same error in French', async () => {
    stubApi([
      ...homeCalls,
      loginRoute(
        { body: pinRequired },
        { status: 401, body: errorBody(401, 'PINCODE_ATTEMPTS_EXCEEDED', 'Too many wrong codes.') },
      ),
    ]);
    const { user } = renderApp({ route: '/login', language: 'fr' });
    await user.type(screen.getByLabelText('Identifiant'), 'jdoe');
    await user.type(screen.getByLabelText('Mot de passe'), 'correct horse');
    await user.click(screen.getByTestId('sign-in'));
    expect(await screen.findByTestId('pin-sent-to')).toHaveTextContent(
      'Nous avons envoyé un code au ••••0042.',
    );

    await typeCode(user, '000000');
    await user.click(screen.getByTestId('pin-verify'));

    expect(await screen.findByTestId('pin-error')).toHaveTextContent(
      'Trop de codes erronés. Demandez un nouveau code.',
    );
  });

  it('returns to /login with the stored reason when the code has expired', async () => {
    stubApi([
      ...homeCalls,
      loginRoute(
        { body: pinRequired },
        { status: 401, body: errorBody(401, 'COURIER_PINCODE_EXPIRED', 'Expired.') },
      ),
    ]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('pin-sent-to');

    await typeCode(user, '123456');
    await user.click(screen.getByTestId('pin-verify'));

    expect(await screen.findByTestId('logout-reason')).toHaveTextContent(
      'Your sign-in code has expired. Please sign in again.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(getPendingSignIn()).toBeNull();
  });

  it('counts down before a new code may be asked for, then sends one and counts down again', async () => {
    let resends = 0;
    stubApi([
      ...homeCalls,
      loginRoute({ body: pinRequired }),
      {
        method: 'POST',
        path: '/auth/resendPin',
        reply: () => {
          resends += 1;
          return { body: { pinSent: true, pincodeMethod: 'SMS', maskedMobile: '••••0042' } };
        },
      },
    ]);
    // The countdown starts with the PIN step: its clock must be the test's from the start.
    const { user, advance, release } = controlTimers();
    const { user: realUser } = renderApp({ route: '/login' });
    await submitPassword(user);
    await settleUntil(() => screen.queryByTestId('pin-sent-to') !== null);

    const link = screen.getByTestId('pin-resend');
    expect(link).toHaveTextContent('Resend code in 30 s');
    expect(link).toBeDisabled();
    await user.click(link);
    advance(1000);
    expect(link).toHaveTextContent('Resend code in 29 s');
    // One second at a time: each tick schedules the next after React has drawn it.
    for (let second = 1; second < 30; second += 1) advance(1000);
    expect(link).toHaveTextContent('Send a new code');
    expect(link).toBeEnabled();
    // Clicked while counting down, nothing was asked.
    expect(resends).toBe(0);
    release();

    await realUser.click(link);
    expect(await screen.findByTestId('pin-notice')).toHaveTextContent('We sent a new code to ••••0042.');
    expect(resends).toBe(1);
    expect(screen.getByTestId('pin-resend')).toHaveTextContent(/Resend code in \d+ s/);
    expect(screen.queryByTestId('pin-error')).not.toBeInTheDocument();
  });

  it('counts down the seconds the server still asks for instead of showing an error', async () => {
    stubApi([
      ...homeCalls,
      loginRoute({ body: pinRequired }),
      {
        method: 'POST',
        path: '/auth/resendPin',
        reply: { status: 429, body: errorBody(429, 'RATE_LIMITED', 'Wait.', { args: ['12'] }) },
      },
    ]);
    const { user, advance, release } = controlTimers();
    const { user: realUser } = renderApp({ route: '/login' });
    await submitPassword(user);
    await settleUntil(() => screen.queryByTestId('pin-sent-to') !== null);
    for (let second = 0; second < 30; second += 1) advance(1000);
    release();

    await realUser.click(screen.getByTestId('pin-resend'));
    await waitFor(() => expect(screen.getByTestId('pin-resend')).toHaveTextContent(/Resend code in 1[12] s/));
    expect(screen.getByTestId('pin-resend')).toBeDisabled();
    expect(screen.queryByTestId('pin-error')).not.toBeInTheDocument();
  });

  it('goes back to /login when opened without the credentials (a reload)', async () => {
    const calls = stubApi(homeCalls);
    const { router } = renderApp({ route: '/postLogin?pinCode=true&pincodeMethod=SMS' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('sign-in')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

/** Lets answers and zero-delay timers run, without moving the controlled clock, until `done`. */
async function settleUntil(done: () => boolean) {
  for (let round = 0; round < 100 && !done(); round += 1) {
    await act(async () => {
      vi.advanceTimersByTime(0);
      await Promise.resolve();
    });
  }
  expect(done()).toBe(true);
}

describe('the mobile page', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
    clearPendingSignIn();
  });

  const noMobile = {
    status: 401,
    body: errorBody(401, 'SEND_PINCODE_NO_MOBILE', 'There is no mobile number.'),
  };

  it('opens when no mobile is on file, saves the number and continues to the PIN page', async () => {
    const calls = stubApi([
      ...homeCalls,
      loginRoute(noMobile),
      {
        method: 'POST',
        path: '/auth/updateMobile',
        reply: { body: { saved: true, pinSent: true, maskedMobile: '••••0077' } },
      },
    ]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);

    await screen.findByTestId('sms-phone');
    expect(router.state.location.search).toBe('?pinCode=false');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Area code'), '555');
    await user.type(screen.getByLabelText('Mobile phone'), '010-0077');
    expect(screen.getByText('Your code will be sent to 555 0100077')).toBeInTheDocument();
    await user.click(screen.getByTestId('mobile-save'));

    expect(await screen.findByTestId('pin-sent-to')).toHaveTextContent('We sent a code to ••••0077.');
    expect(router.state.location.search).toBe('?pinCode=true&pincodeMethod=SMS');
    const update = calls.find((call) => call.path === '/auth/updateMobile');
    expect(update?.body).toEqual({
      loginName: 'jdoe',
      password: 'correct horse',
      smsAreaCode: '555',
      smsPhone: '010-0077',
    });
  });

  it('refuses < in the mobile phone with the field message, and Save is disabled', async () => {
    const calls = stubApi([...homeCalls, loginRoute(noMobile)]);
    const { user } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('sms-phone');
    expect(screen.getByTestId('mobile-save')).toBeEnabled();

    await user.type(screen.getByLabelText('Mobile phone'), '555<script>');

    expect(await screen.findByText(`These characters are not allowed: > < % " ' ; =`)).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('mobile-save')).toBeDisabled();
    expect(calls.filter((call) => call.path === '/auth/updateMobile')).toHaveLength(0);
  });

  it('asks for a number when the saved fields were empty, and tells to contact the administrator when one exists', async () => {
    let answers = 0;
    stubApi([
      ...homeCalls,
      loginRoute(noMobile),
      {
        method: 'POST',
        path: '/auth/updateMobile',
        reply: () => {
          answers += 1;
          return answers === 1
            ? { body: { saved: true, pinSent: false } }
            : { status: 403, body: errorBody(403, 'MOBILE_ALREADY_SET', 'Already set.') };
        },
      },
    ]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('sms-phone');

    await user.click(screen.getByTestId('mobile-save'));
    expect(await screen.findByTestId('mobile-notice')).toHaveTextContent(
      'Enter a mobile number to receive your code.',
    );
    await user.click(screen.getByTestId('mobile-save'));
    await waitFor(() =>
      expect(screen.getByTestId('mobile-notice')).toHaveTextContent(
        'A mobile number is already on file. Please contact your administrator to change it.',
      ),
    );
    expect(router.state.location.pathname).toBe('/postLogin');
  });

  it('closes back to /login and forgets the credentials', async () => {
    stubApi([...homeCalls, loginRoute(noMobile)]);
    const { user, router } = renderApp({ route: '/login' });
    await submitPassword(user);
    await screen.findByTestId('sms-phone');

    await user.click(screen.getByTestId('mobile-close'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getPendingSignIn()).toBeNull();
  });
});
