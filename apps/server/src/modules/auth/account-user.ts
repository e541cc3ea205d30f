import { completeSmsPhone } from '@settle/shared/rules/phone';
import type { users } from '../../db/schema/users';

/**
 * A user as the other modules see it (account set-up, single sign-on): what they decide
 * on, and never the password hash.
 */
export type AccountUser = {
  id: number;
  tenantId: number;
  loginName: string;
  firstName: string;
  lastName: string;
  email: string;
  language: string;
  active: boolean;
  /** Null while a registered user has not set a first password through the activation link. */
  activatedAt: Date | null;
  /** Set while the provider has deactivated the account: no activation, registration or reset brings it back. */
  deactivatedAt: Date | null;
  lastCustNo: string | null;
  lastCurrencyCode: string | null;
  /** Sign-in codes by SMS apply (the PIN policy) and a mobile number is on file to send them to. */
  smsCodes: boolean;
};

export function toAccountUser(row: typeof users.$inferSelect): AccountUser {
  return {
    id: row.id,
    tenantId: row.tenantId,
    loginName: row.loginName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    language: row.language,
    active: row.active,
    activatedAt: row.activatedAt,
    deactivatedAt: row.deactivatedAt,
    lastCustNo: row.lastCustNo,
    lastCurrencyCode: row.lastCurrencyCode,
    smsCodes: row.pinPolicy === 'SMS' && completeSmsPhone(row.smsAreaCode, row.smsPhone) !== '',
  };
}
