import { ACCOUNT_SETUP_MESSAGES, type TRegistrationContext } from '@settle/shared/account-setup';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { legalTemplateRoute } from '../../../testing/common-routes';
import { errorBody, type RecordedCall, type StubReply, type StubRoute } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';
import { CAPTCHA_PATH, stubAccountSetupApi } from '../testing/stub-account-setup';

const context: TRegistrationContext = {
  company: 'Acme Corp',
  custNo: 'C100',
  firstName: 'Jane',
  lastName: 'Doe',
  address: 'jane.doe@acme.test',
  companyDefMask: '(###) ###-####',
};
const LINK = '/registration?companyId=sealed-company&contactId=sealed-contact';

function contextRoute(reply: StubReply = { body: context }): StubRoute {
  return { method: 'GET', path: '/user/registration', reply };
}

function registerRoute(...replies: StubReply[]): StubRoute {
  let next = 0;
  return {
    method: 'POST',
    path: '/user/registration',
    reply: () => replies[Math.min(next++, replies.length - 1)] ?? {},
  };
}

const sent: StubReply = { body: { message: 'REGISTRATION_EMAIL_SENT' } };

async function openForm(route = LINK, language: 'en' | 'fr' = 'en') {
  const rendered = renderApp({ route, language });
  await screen.findByTestId('registration-address');
  await screen.findByTestId('captcha-picture');
  return rendered;
}

async function typeAnswer(user: UserEvent, answer: string) {
  await user.clear(screen.getByTestId('captcha-answer'));
  await user.type(screen.getByTestId('captcha-answer'), answer);
}

function registrationPosts(calls: RecordedCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.path === '/user/registration');
}

describe('the registration page', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('shows the company and contact, prefills the address and registers with the whole body', async () => {
    const { calls } = stubAccountSetupApi([contextRoute(), registerRoute(sent)]);
    const { user, router } = await openForm();

    expect(screen.getByRole('heading', { name: 'Register for Acme Corp' })).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-step-subtitle')).toHaveTextContent('Welcome, Jane Doe.');
    expect(screen.getByTestId('registration-address')).toHaveValue('jane.doe@acme.test');
    expect(screen.getByTestId('registration-language')).toHaveValue('en');
    expect(screen.getByAltText('Picture of distorted characters to type in the box below')).toHaveAttribute(
      'src',
      'blob:captcha-1',
    );
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    const contextCall = calls.find((call) => call.path === '/user/registration');
    expect(Object.fromEntries(contextCall?.query ?? [])).toEqual({
      companyId: 'sealed-company',
      contactId: 'sealed-contact',
    });
    // Nothing to send before the picture is answered.
    expect(screen.getByTestId('registration-submit')).toBeDisabled();

    await user.type(screen.getByTestId('registration-area-code'), '+1');
    await user.type(screen.getByTestId('registration-mobile'), '5550100042');
    expect(screen.getByTestId('registration-mobile-hint')).toHaveTextContent(
      'Text messages will go to +1 (555) 010-0042',
    );
    await user.selectOptions(screen.getByTestId('registration-language'), 'fr');
    await typeAnswer(user, 'K7M2QX');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/REGISTRATION_EMAIL_SENT'));
    expect(await screen.findByTestId('confirmation-text')).toHaveTextContent(
      'We sent you an email with an activation link.',
    );
    const [post] = registrationPosts(calls);
    expect(post?.body).toEqual({
      encryptedCompanyId: 'sealed-company',
      contactId: 'sealed-contact',
      address: 'jane.doe@acme.test',
      smsAreaCode: '+1',
      smsPhone: '(555) 010-0042',
      mobilePhone: '(555) 010-0042',
      companyDefMask: '(###) ###-####',
      preferredLanguage: 'fr',
      captchaId: 'captcha-1',
      captchaAnswer: 'K7M2QX',
    });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
  });

  it('offers a sound instead of the picture, and registers with the sound challenge and the numbers heard', async () => {
    const { calls, captchaIds } = stubAccountSetupApi([contextRoute(), registerRoute(sent)]);
    const { user, router } = await openForm();

    await user.click(screen.getByRole('button', { name: 'Listen instead' }));
    const sound = await screen.findByTestId('captcha-audio');
    expect(sound).toHaveAttribute('src', 'blob:captcha-2');
    expect(sound).toHaveAccessibleName('Security check sound: numbers played as beeps');
    expect(screen.getByTestId('captcha-audio-help')).toHaveTextContent('Count the beeps in each group');
    expect(screen.queryByTestId('captcha-picture')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Numbers you heard'), '31524');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/REGISTRATION_EMAIL_SENT'));
    expect(captchaIds).toEqual(['captcha-1', 'audio-1']);
    expect(registrationPosts(calls)[0]?.body).toMatchObject({ captchaId: 'audio-1', captchaAnswer: '31524' });
  });

  it('goes back from the sound to a new picture, forgetting what was typed', async () => {
    const { captchaIds } = stubAccountSetupApi([contextRoute()]);
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Listen instead' }));
    await screen.findByTestId('captcha-audio');
    await user.type(screen.getByLabelText('Numbers you heard'), '123');
    await user.click(screen.getByRole('button', { name: 'Show a picture instead' }));
    expect(await screen.findByTestId('captcha-picture')).toBeInTheDocument();
    expect(screen.getByTestId('captcha-answer')).toHaveValue('');
    expect(captchaIds.at(-1)).toMatch(/^captcha-/);
  });

  it('shows every field message of the form and sends nothing while one stands', async () => {
    const { calls } = stubAccountSetupApi([contextRoute(), registerRoute(sent)]);
    const { user } = await openForm();

    await user.clear(screen.getByTestId('registration-address'));
    await user.type(screen.getByTestId('registration-address'), 'not-an-address');
    await user.type(screen.getByTestId('registration-area-code'), '1'.repeat(21));
    await user.type(screen.getByTestId('registration-mobile'), '555<script>');
    await user.click(screen.getByTestId('captcha-answer'));
    await user.tab();

    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('An area code has at most 20 characters')).toBeInTheDocument();
    expect(screen.getByText('These characters are not allowed: > < % " \' ; =')).toBeInTheDocument();
    expect(screen.getByText('Type the characters shown in the picture')).toBeInTheDocument();
    expect(screen.getByTestId('registration-mobile-hint')).toHaveTextContent(
      'Optional. Sign-in codes are sent to this number by text message.',
    );
    await user.clear(screen.getByTestId('registration-mobile'));
    await user.type(screen.getByTestId('registration-mobile'), '5'.repeat(36));
    expect(await screen.findByText('A mobile number has at most 35 characters')).toBeInTheDocument();

    expect(screen.getByTestId('registration-submit')).toBeDisabled();
    expect(registrationPosts(calls)).toHaveLength(0);
  });

  it('after a wrong captcha answer, says so under the box, shows a new picture and sends its id next', async () => {
    const { calls, captchaIds } = stubAccountSetupApi([
      contextRoute(),
      registerRoute(
        {
          status: 400,
          body: errorBody(400, 'CAPTCHA_WRONG', ACCOUNT_SETUP_MESSAGES.captchaWrong, {
            fieldErrors: [{ field: 'body.captchaAnswer', message: ACCOUNT_SETUP_MESSAGES.captchaWrong }],
          }),
        },
        sent,
      ),
    ]);
    const { user, router } = await openForm();
    await typeAnswer(user, 'WRONG1');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));

    expect(
      await screen.findByText('The characters do not match the picture. Try the new one.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('captcha-picture')).toHaveAttribute('src', 'blob:captcha-2'),
    );
    expect(captchaIds).toEqual(['captcha-1', 'captcha-2']);
    expect(screen.getByTestId('captcha-answer')).toHaveValue('');
    // The field message is the only notice: no alert repeats it.
    expect(screen.queryByTestId('registration-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('registration-submit')).toBeDisabled();
    expect(router.state.location.pathname).toBe('/registration');

    await typeAnswer(user, 'RIGHT2');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/REGISTRATION_EMAIL_SENT'));
    expect(registrationPosts(calls).map((call) => (call.body as { captchaId: string }).captchaId)).toEqual([
      'captcha-1',
      'captcha-2',
    ]);
  });

  it('gives a new picture on request', async () => {
    const { captchaIds } = stubAccountSetupApi([contextRoute()]);
    const { user } = await openForm();
    await typeAnswer(user, 'ABC');
    await user.click(screen.getByRole('button', { name: 'New picture' }));
    await waitFor(() =>
      expect(screen.getByTestId('captcha-picture')).toHaveAttribute('src', 'blob:captcha-2'),
    );
    expect(captchaIds).toHaveLength(2);
    expect(screen.getByTestId('captcha-answer')).toHaveValue('');
  });

  it("puts the server's field messages under their fields, translated when known, as sent otherwise", async () => {
    stubAccountSetupApi([
      contextRoute(),
      registerRoute({
        status: 400,
        body: errorBody(400, 'VALIDATION_FAILED', ACCOUNT_SETUP_MESSAGES.addressInvalid, {
          fieldErrors: [
            { field: 'body.address', message: ACCOUNT_SETUP_MESSAGES.addressInvalid },
            { field: 'body.smsPhone', message: 'This number cannot receive text messages' },
          ],
        }),
      }),
    ]);
    const { user } = await openForm(LINK, 'fr');
    await typeAnswer(user, 'K7M2QX');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));

    expect(await screen.findByText('Saisissez une adresse courriel valide')).toBeInTheDocument();
    expect(screen.getByText('This number cannot receive text messages')).toBeInTheDocument();
    expect(screen.queryByTestId('registration-error')).not.toBeInTheDocument();
  });

  it('shows a refused registration (406) in an alert with a way to sign in, and keeps the form', async () => {
    stubAccountSetupApi([
      contextRoute(),
      registerRoute({
        status: 406,
        body: errorBody(406, 'LOGIN_NAME_TAKEN', 'A user with this email address already exists.'),
      }),
      legalTemplateRoute,
    ]);
    const { user, router } = await openForm();
    await typeAnswer(user, 'K7M2QX');
    await waitFor(() => expect(screen.getByTestId('registration-submit')).toBeEnabled());
    await user.click(screen.getByTestId('registration-submit'));

    expect(await screen.findByTestId('registration-error')).toHaveTextContent(
      'A user with this email address already exists. Sign in, or use another address.',
    );
    expect(screen.getByTestId('registration-address')).toBeInTheDocument();
    await user.click(screen.getByTestId('registration-sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says the link is damaged, and shows no form, when the server finds it tampered with', async () => {
    const { calls } = stubAccountSetupApi([
      contextRoute({
        status: 400,
        body: errorBody(400, 'INVALID_LINK', 'This link is damaged or was changed.'),
      }),
    ]);
    renderApp({ route: '/registration?companyId=tampered&contactId=sealed-contact' });

    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link is damaged or was changed. Open the link from your email again, or ask for a new one.',
    );
    expect(screen.queryByTestId('registration-address')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === CAPTCHA_PATH)).toHaveLength(0);
  });

  it('says the link is damaged without asking the server when a parameter is missing', async () => {
    const { calls } = stubAccountSetupApi([contextRoute()]);
    renderApp({ route: '/registration?companyId=sealed-company&contactId=%20' });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link is damaged or was changed.',
    );
    expect(screen.queryByTestId('registration-address')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('tells a contact who registered already to sign in', async () => {
    stubAccountSetupApi([
      contextRoute({
        status: 406,
        body: errorBody(406, 'CONTACT_ALREADY_REGISTERED', 'This contact has already registered.'),
      }),
      legalTemplateRoute,
    ]);
    const { user, router } = renderApp({ route: LINK, language: 'fr' });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      "Ce contact est déjà inscrit. Consultez votre courriel pour le lien d'activation, ou connectez-vous.",
    );
    await user.click(screen.getByTestId('go-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('tells a contact whose account the provider deactivated so (415), shows no form and keeps the session calm', async () => {
    const { calls } = stubAccountSetupApi([
      contextRoute({
        status: 415,
        body: errorBody(415, 'USER_INACTIVE', 'Your account has been deactivated.'),
      }),
      legalTemplateRoute,
    ]);
    const { router } = renderApp({ route: LINK });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'Your account has been deactivated. Please contact your administrator.',
    );
    expect(screen.queryByTestId('registration-address')).not.toBeInTheDocument();
    expect(registrationPosts(calls)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/registration');
  });

  it('speaks French: the title, the labels, the default language and the field messages', async () => {
    stubAccountSetupApi([contextRoute()]);
    const { user } = await openForm(LINK, 'fr');

    expect(screen.getByRole('heading', { name: 'Inscription pour Acme Corp' })).toBeInTheDocument();
    expect(screen.getByTestId('registration-language')).toHaveValue('fr');
    expect(screen.getByRole('button', { name: 'Nouvelle image' })).toBeInTheDocument();
    expect(screen.getByText('Adresse courriel')).toBeInTheDocument();
    await user.clear(screen.getByTestId('registration-address'));
    await user.click(screen.getByTestId('captcha-answer'));
    await user.tab();
    expect(await screen.findByText('Saisissez une adresse courriel valide')).toBeInTheDocument();
    expect(screen.getByText("Saisissez les caractères affichés dans l'image")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeDisabled();
  });
});
