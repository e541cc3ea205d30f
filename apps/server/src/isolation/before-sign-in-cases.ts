import { tamper } from '../modules/account-setup/account-setup-test-support';
import {
  type AttackKit,
  cross,
  get,
  type IsolationCall,
  type IsolationCase,
  type Own,
  refused,
  send,
  type Victim,
} from './isolation-calls';

/**
 * The routes a browser calls before its user is signed in: they carry a login name, a sealed
 * link, a code or a pending sign-in, never a session. An attacker knows the victim's login name
 * and customer number, holds links and codes mailed to their own users, and may alter a link
 * of the victim's; none of it may show anything of the victim's or change it.
 */

const NEW_PASSWORD = 'Taken-over-42';
const UNKNOWN_LOGIN = 'nobody.at.all';

/** The victim's registration link as the provider mails it (companyId, contactId sealed). */
const registrationOf = (victim: Victim, kit: AttackKit) => ({
  companyId: kit.seal('companyId', String(victim.customerId)),
  contactId: kit.seal('contactId', String(victim.contactId)),
});
const ownRegistration = (mine: Own, kit: AttackKit) => ({
  companyId: kit.seal('companyId', String(mine.customerId)),
  contactId: kit.seal('contactId', String(mine.contactId)),
});
/** Three links an attacker can make: the victim's altered, and the two mixes of theirs with the victim's. */
const registrationMixes = (victim: Victim, mine: Own, kit: AttackKit) => {
  const theirs = registrationOf(victim, kit);
  const ours = ownRegistration(mine, kit);
  return [
    { companyId: theirs.companyId, contactId: tamper(theirs.contactId) },
    { companyId: ours.companyId, contactId: theirs.contactId },
    { companyId: theirs.companyId, contactId: ours.contactId },
  ];
};
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/**
 * The attacker's own emailed code with the victim's sealed name and company (a link of the
 * victim's, as if forwarded without its code: the code is not the victim's), with the
 * attacker's company (the victim is no user of it), and altered.
 */
const codeMixes = (victim: Victim, mine: Own, kit: AttackKit, code: string, reset: 'Y' | 'N') => {
  const passwords = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, reset };
  const theirName = kit.seal('namedUser', victim.loginName);
  const body = (encryptedCompanyId: string, namedUser: string) => ({
    encryptedCompanyId,
    namedUser,
    activationCode: code,
    ...passwords,
  });
  const theirCompany = kit.seal('companyId', String(victim.customerId));
  const ourCompany = kit.seal('companyId', String(mine.customerId));
  return { theirName, theirCompany, ourCompany, body };
};

const activationCalls = (url: string, reset: 'Y' | 'N') =>
  cross((victim, mine, kit) => {
    const code = reset === 'Y' ? mine.resetCode : mine.activationCode;
    const { theirName, theirCompany, ourCompany, body } = codeMixes(victim, mine, kit, code, reset);
    return [
      refused(send('POST', url, body(theirCompany, theirName)), 406, 'LINK_EXPIRED'),
      // The victim's name under the attacker's company: the victim is no user of it.
      refused(send('POST', url, body(ourCompany, theirName)), 400, 'INVALID_LINK'),
      refused(send('POST', url, body(theirCompany, tamper(theirName))), 400, 'INVALID_LINK'),
      // The plain login name where the sealed one belongs.
      refused(send('POST', url, body(ourCompany, victim.loginName)), 400, 'INVALID_LINK'),
    ];
  }, 'anonymous');

/**
 * A recovery email goes to the login's owner, whoever asks (at the attacker's tenant, and at the
 * victim's): the answer is the one a name nobody has gets.
 */
const recovery = (victim: Victim, atVictimsTenant: boolean): IsolationCall => {
  const url = `/auth/troubleSigningIn${atVictimsTenant ? `?solutionInstanceGuid=${victim.tenantGuid}` : ''}`;
  return {
    ...send('POST', url, { loginName: victim.loginName }, true),
    alike: send('POST', url, { loginName: UNKNOWN_LOGIN }, true),
  };
};

export const BEFORE_SIGN_IN_CASES: Record<string, IsolationCase> = {
  'POST /auth/troubleSigningIn': cross(
    (victim) => [recovery(victim, false), recovery(victim, true)],
    'anonymous',
    {
      byDesign: {
        tables: ['account_tokens', 'courier_messages'],
        why: "the recovery email goes to the login's owner, whoever asks (the answer is the same for every name)",
      },
    },
  ),
  'GET /user/registration': cross(
    (victim, mine, kit) =>
      registrationMixes(victim, mine, kit).map((link) =>
        refused(get(`/user/registration?${query(link)}`), 400, 'INVALID_LINK'),
      ),
    'anonymous',
  ),
  'POST /user/registration': cross(async (victim, mine, kit) => {
    const calls: IsolationCall[] = [];
    for (const link of registrationMixes(victim, mine, kit)) {
      calls.push(
        refused(
          send('POST', '/user/registration', {
            encryptedCompanyId: link.companyId,
            contactId: link.contactId,
            address: `attacker.${Math.random().toString(36).slice(2, 8)}@example.com`,
            ...(await kit.captcha()),
          }),
          400,
          'INVALID_LINK',
        ),
      );
    }
    return calls;
  }, 'anonymous'),
  'POST /user/activation': activationCalls('/user/activation', 'N'),
  'POST /user/resetPassword': activationCalls('/user/resetPassword', 'Y'),
  'POST /user/verifyUserAsInactive': cross((victim, mine, kit) => {
    const { theirName, theirCompany, ourCompany } = codeMixes(victim, mine, kit, '', 'N');
    return [
      refused(
        send('POST', '/user/verifyUserAsInactive', { encryptedCompanyId: ourCompany, namedUser: theirName }),
        400,
        'INVALID_LINK',
      ),
      refused(
        send('POST', '/user/verifyUserAsInactive', {
          encryptedCompanyId: theirCompany,
          namedUser: tamper(theirName),
        }),
        400,
        'INVALID_LINK',
      ),
      refused(
        send('POST', '/user/verifyUserAsInactive', {
          encryptedCompanyId: ourCompany,
          namedUser: victim.loginName,
        }),
        400,
        'INVALID_LINK',
      ),
    ];
  }, 'anonymous'),
  'GET /trUtils/decrypt/{encrypt}': cross(
    (victim, _mine, kit) =>
      [
        tamper(kit.seal('namedUser', victim.loginName)),
        // Sealed for another purpose: a company id is no login name.
        kit.seal('companyId', String(victim.customerId)),
        kit.seal('contactId', String(victim.contactId)),
      ].map((sealed) => refused(get(`/trUtils/decrypt/${encodeURIComponent(sealed)}`), 400, 'INVALID_LINK')),
    'anonymous',
  ),
  // The sign-on of the victim's tenant (none configured there): the SSO screen with the error.
  'GET /auth/sso/start': cross(
    (victim) => [
      {
        ...get(`/auth/sso/start?solutionInstanceGuid=${victim.tenantGuid}`, true),
        headers: { accept: 'text/html' },
      },
    ],
    'anonymous',
  ),
  // The provider of a single-sign-on tenant vouches for an account named like the victim: it signs in
  // only a user of that tenant, never the victim of another.
  'POST /auth/ssologin': cross(
    async (victim, _mine, kit) => [
      refused(send('POST', '/auth/ssologin', await kit.signOnAs(victim.loginName)), 401, 'SSO_UNKNOWN_USER'),
    ],
    'anonymous',
  ),
  // The attacker's half-signed-in colleague names the victim: the code goes to the colleague's phone, if anywhere.
  'POST /auth/resendPin': cross(
    (victim) => [
      send('POST', `/auth/resendPin?loginName=${victim.loginName}`, { loginName: victim.loginName }, true),
    ],
    'pending',
  ),
  'POST /auth/updateMobile': cross(
    (victim) => [
      refused(
        send('POST', '/auth/updateMobile', {
          loginName: victim.loginName,
          smsAreaCode: '+1',
          smsPhone: '5550199999',
        }),
        401,
        'INVALID_CREDENTIALS',
      ),
    ],
    'pending',
  ),
  // One of the victim's recovery codes (read over a shoulder) on the attacker's own pending sign-in.
  'POST /auth/secondFactor': cross(
    (victim) => [
      refused(
        send('POST', '/auth/secondFactor', { method: 'RECOVERY', code: victim.recoveryCode }),
        401,
        'INVALID_PINCODE',
      ),
    ],
    'pending',
  ),
  'POST /auth/passkey/options': cross(
    (victim) => [send('POST', '/auth/passkey/options', { loginName: victim.loginName }, true)],
    'pending',
  ),
  // An assertion naming the victim's passkey, after the options of the attacker's own sign-in.
  'POST /auth/passkey/verify': cross(async (victim, _mine, kit) => {
    const options = await kit.client.request({ method: 'POST', url: '/auth/passkey/options' });
    if (options.statusCode !== 200) throw new Error(`passkey options: ${options.statusCode} ${options.body}`);
    const id = victim.credentialId;
    return [
      refused(
        send('POST', '/auth/passkey/verify', {
          response: {
            id,
            rawId: id,
            type: 'public-key',
            response: { clientDataJSON: '', authenticatorData: '', signature: '' },
          },
        }),
        401,
        'INVALID_PINCODE',
      ),
    ];
  }, 'pending'),
};
