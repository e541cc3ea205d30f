import type { AppConfig } from '../../config';
import type { Sealer, SealPurpose } from '../../lib/sealed-values';
import { invalidLink } from './account-setup-errors';

/**
 * The links of account set-up. Their parameters are sealed (AES-GCM, see sealed-values.ts):
 * companyId carries the customer's id, contactId the contact's id and namedUser the login
 * name; the codes are random and stored hashed (account-tokens.ts).
 */

/**
 * Links start at the configured origin, never at the request's Host: a forged Host header
 * must not make us mail someone a link to another site.
 */
export function publicOrigin(config: AppConfig): string {
  return config.publicOrigin?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;
}

/** The plain value of a sealed link parameter; INVALID_LINK (400) when it was changed or is not ours. */
export function openSealed(sealer: Sealer, purpose: SealPurpose, sealed: string): string {
  const value = sealer.open(purpose, sealed);
  if (value === null) throw invalidLink();
  return value;
}

/** A sealed id parameter (companyId, contactId): a positive integer once opened. */
export function openSealedId(sealer: Sealer, purpose: 'companyId' | 'contactId', sealed: string): number {
  const value = openSealed(sealer, purpose, sealed);
  if (!/^[1-9]\d{0,9}$/.test(value)) throw invalidLink();
  return Number(value);
}

export function registrationUrl(
  origin: string,
  sealer: Sealer,
  ids: { customerId: number; contactId: number },
): string {
  const query = new URLSearchParams({
    companyId: sealer.seal('companyId', String(ids.customerId)),
    contactId: sealer.seal('contactId', String(ids.contactId)),
  });
  return `${origin}/registration?${query}`;
}

/** The emailed link of an activation (/activation) or a password reset (/resetPassword). */
export function accountCodeUrl(
  origin: string,
  sealer: Sealer,
  page: 'activation' | 'resetPassword',
  values: { customerId: number; code: string; loginName: string },
): string {
  const query = new URLSearchParams({
    companyId: sealer.seal('companyId', String(values.customerId)),
    code: values.code,
    namedUser: sealer.seal('namedUser', values.loginName),
  });
  return `${origin}/${page}?${query}`;
}
