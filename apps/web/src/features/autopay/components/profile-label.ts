import type { TPaymentProfile } from '@settle/shared/payment-profiles';

/** A saved profile as the user knows it: its alias, else its card and last digits or masked account. */
export function profileLabel(profile: TPaymentProfile): string {
  const detail =
    profile.profileType === 'ECHECK'
      ? (profile.accountNum ?? '')
      : `${profile.cardType ?? ''} •••• ${profile.lastDigits ?? ''}`.trim();
  return profile.aliasName ? `${profile.aliasName} (${detail})` : detail;
}
