import {
  ConfirmationMessage,
  type TPreferredLanguage,
  type TRegistrationContext,
  type TRegistrationRequest,
} from '@settle/shared/account-setup';
import { Privilege } from '@settle/shared/privileges';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { Couriers } from '../../adapters/couriers';
import { renderEmail } from '../../adapters/email/email-templates';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Sealer } from '../../lib/sealed-values';
import type { AccountTokens } from '../auth/account-tokens';
import type { AuthService } from '../auth/auth.service';
import { userInactive } from '../auth/auth-errors';
import type { BackgroundTasks } from '../auth/background-tasks';
import { hashPassword } from '../auth/password';
import { randomToken } from '../auth/session.service';
import type { CaptchaService } from '../captcha/captcha.service';
import { accountCodeUrl, openSealedId, publicOrigin, registrationUrl } from './account-links';
import * as repository from './account-setup.repository';
import { captchaWrong, contactAlreadyRegistered, invalidLink, loginNameTaken } from './account-setup-errors';
import { recordUserEvent, type UserEvents } from './user-events';

/**
 * What a self-registered contact may do: see invoices and disputed amounts, promise and pay.
 * Disputes (they open work for the provider's collectors), credit adjustments (they move
 * money between invoices) and the balance-only display are granted by the provider's
 * administrators, not by a registration link.
 */
export const SELF_REGISTERED_ROLES = [
  Privilege.ALLOW_PAY,
  Privilege.ALLOW_PROMISE_TO_PAY,
  Privilege.ALLOW_PROB_VIEW,
] as const;

/** Locale and formatting locale per offered language, as the demo users have them. */
const LOCALES: Record<TPreferredLanguage, { locale: string; localeForFormatting: string }> = {
  en: { locale: 'en_US', localeForFormatting: 'en-US' },
  fr: { locale: 'fr_FR', localeForFormatting: 'fr-FR' },
};

/** One activation email per user per minute: asking again cannot flood a mailbox. */
const ACTIVATION_EMAIL_INTERVAL_MS = 60_000;

export type RegistrationDeps = {
  config: AppConfig;
  /** The user look-ups are the sign-in's own, so both read a login the same way. */
  auth: Pick<AuthService, 'findUser' | 'findUserById'>;
  sealer: Sealer;
  captcha: CaptchaService;
  tokens: AccountTokens;
  couriers: Couriers;
  background: BackgroundTasks;
  activity: UserEvents;
};

export function createRegistrationService(db: Db, deps: RegistrationDeps) {
  const { config, sealer, auth, captcha, tokens, couriers, background } = deps;
  const origin = publicOrigin(config);

  /** The company and contact a registration link names; INVALID_LINK unless the contact is the company's. */
  async function openRegistrationLink(link: { companyId: string; contactId: string }) {
    const customerId = openSealedId(sealer, 'companyId', link.companyId);
    const contactId = openSealedId(sealer, 'contactId', link.contactId);
    const [company, found] = await Promise.all([
      repository.findCustomerWithTenant(db, customerId),
      repository.findContact(db, contactId),
    ]);
    if (!company || !found || found.contact.customerId !== customerId) throw invalidLink();
    return { ...company, contact: found.contact, registeredUser: found.user };
  }

  async function sendActivationEmail(options: {
    userId: number;
    customerId: number;
    company: string;
    appName: string;
  }) {
    const user = await auth.findUserById(options.userId);
    // Only a user still due an activation: this runs after the answer (or a load's commit), and
    // the provider may have deactivated the user meanwhile.
    if (!user || user.activatedAt || user.deactivatedAt) return;
    // The limit counts the link that still works: a link retired (by a deactivation) does not
    // hold back the new one.
    const last = await tokens.lastLiveIssuedAt(user.id, 'activation');
    if (last && Date.now() - last.getTime() < ACTIVATION_EMAIL_INTERVAL_MS) return;
    const hours = config.accountLinks.activationHours;
    const { code } = await tokens.issue({ userId: user.id, purpose: 'activation', ttlMinutes: hours * 60 });
    const link = accountCodeUrl(origin, sealer, 'activation', {
      customerId: options.customerId,
      code,
      loginName: user.loginName,
    });
    const email = renderEmail('activation', user.language, {
      firstName: user.firstName,
      appName: options.appName,
      company: options.company,
      link,
      hours,
    });
    await couriers.email.send({ tenantId: user.tenantId, to: user.email, ...email, secrets: [code] });
  }

  return {
    /**
     * What the registration page shows; a contact whose account is active already answers 406, one
     * whose account the provider deactivated 415 (the order of POST's checks), with nothing of the
     * contact: the page would offer a form that POST refuses.
     */
    async registrationContext(query: {
      companyId: string;
      contactId: string;
    }): Promise<TRegistrationContext> {
      const link = await openRegistrationLink(query);
      if (link.registeredUser?.activatedAt) throw contactAlreadyRegistered();
      if (link.registeredUser?.deactivatedAt) throw userInactive();
      return {
        company: link.customer.company,
        custNo: link.customer.custNo,
        firstName: link.contact.firstName,
        lastName: link.contact.lastName,
        address: link.contact.email,
        companyDefMask: link.customer.phoneMask ?? link.tenant.phoneMask,
      };
    },

    /**
     * Creates the contact's user (not yet activated, with an unusable password), linked to
     * the company, and emails the activation link after the answer. A contact whose user still
     * waits for activation may register again with the same address: that sends a new link
     * (the earlier ones stop working), for the case of a lost or expired email.
     */
    async register(request: TRegistrationRequest) {
      const link = await openRegistrationLink({
        companyId: request.encryptedCompanyId,
        contactId: request.contactId,
      });
      if (!(await captcha.verify({ id: request.captchaId, answer: request.captchaAnswer }))) {
        throw captchaWrong();
      }
      const loginName = request.address.trim();
      const loginKey = loginKeyOf(loginName);
      const emailJob = {
        customerId: link.customer.id,
        company: link.customer.company,
        appName: link.tenant.appHeaderName,
      };
      if (link.registeredUser) {
        if (link.registeredUser.activatedAt || link.registeredUser.loginKey !== loginKey) {
          throw contactAlreadyRegistered();
        }
        // Deactivated by the provider while waiting: a new link would bring the account back.
        if (link.registeredUser.deactivatedAt) throw userInactive();
        const userId = link.registeredUser.id;
        background.run('activation email', () => sendActivationEmail({ userId, ...emailJob }));
        return { message: ConfirmationMessage.REGISTRATION_EMAIL_SENT };
      }
      if (await auth.findUser(link.tenant.id, loginKey)) throw loginNameTaken();

      const passwordHash = await hashPassword(randomToken());
      const smsPhone = request.smsPhone || request.mobilePhone;
      const userId = await db.transaction(async (tx) => {
        const user = await repository.insertUser(tx, {
          tenantId: link.tenant.id,
          loginName,
          loginKey,
          passwordHash,
          firstName: link.contact.firstName,
          lastName: link.contact.lastName,
          email: loginName,
          language: request.preferredLanguage,
          ...LOCALES[request.preferredLanguage],
          smsAreaCode: smsPhone ? request.smsAreaCode : '',
          smsPhone,
          pinPolicy: 'NONE',
          active: false,
          activatedAt: null,
        });
        // Another registration took the address or the contact between the checks and here.
        if (!user) throw loginNameTaken();
        await repository.linkUserToCustomer(tx, {
          userId: user.id,
          customerId: link.customer.id,
          roles: SELF_REGISTERED_ROLES,
        });
        if (!(await repository.claimContact(tx, link.contact.id, user.id))) throw contactAlreadyRegistered();
        await recordUserEvent(
          deps.activity,
          tx,
          {
            tenantId: link.tenant.id,
            customerId: link.customer.id,
            userId: user.id,
            loginName,
            displayName: `${link.contact.firstName} ${link.contact.lastName}`.trim(),
          },
          'USER_REGISTERED',
        );
        return user.id;
      });
      background.run('activation email', () => sendActivationEmail({ userId, ...emailJob }));
      return { message: ConfirmationMessage.REGISTRATION_EMAIL_SENT };
    },

    /**
     * The activation email of a user the provider loaded (integration API): the link names the
     * user's default customer. Nothing for a user already activated or deactivated, or linked to
     * no customer.
     */
    async sendActivationLink(userId: number) {
      const customerId = await repository.findDefaultCustomerId(db, userId);
      if (customerId === undefined) return;
      const company = await repository.findCustomerWithTenant(db, customerId);
      if (!company) return;
      await sendActivationEmail({
        userId,
        customerId,
        company: company.customer.company,
        appName: company.tenant.appHeaderName,
      });
    },

    /**
     * The registration link of each contact of a customer number (optionally only the one
     * with this email); contacts who registered already have no link. For the operator
     * command and the development route.
     */
    async registrationLinks(options: { custNo: string; email?: string }) {
      const email = options.email?.trim().toLowerCase();
      const contacts = await repository.findContactsByCustNo(db, options.custNo.trim());
      return contacts
        .filter((contact) => !email || contact.email.toLowerCase() === email)
        .map(({ contactId, customerId, ...contact }) => ({
          ...contact,
          url: contact.registeredAs ? null : registrationUrl(origin, sealer, { customerId, contactId }),
        }));
    },

    /** A registration link of the default tenant's first unregistered contact, for the demo's start-up log. */
    async demoRegistrationLink(): Promise<string | null> {
      const contact = await repository.findFirstOpenContact(db);
      if (!contact) return null;
      return `${contact.firstName} ${contact.lastName} (${contact.custNo}) ${registrationUrl(origin, sealer, contact)}`;
    },
  };
}
