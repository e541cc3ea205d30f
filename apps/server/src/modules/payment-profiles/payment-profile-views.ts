import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { maskAccountNumber } from '@settle/shared/payments';
import { formatExpiry, isExpired } from '@settle/shared/rules/profile-expiry';
import type { ProfileRow } from './payment-profiles.repository';

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A stored profile as the contract shows it: never a token, the account number masked to its last 4. */
export function toPaymentProfile(row: ProfileRow, now: Date): TPaymentProfile {
  const expiry =
    row.expiryMonth !== null && row.expiryYear !== null
      ? { month: row.expiryMonth, year: row.expiryYear }
      : null;
  return {
    id: row.id,
    profileType: row.profileType,
    achEnabled: 0,
    aliasName: row.aliasName,
    custNo: row.custNo,
    cardType: row.cardType,
    lastDigits: row.lastDigits,
    cardHolderName: row.cardHolderName,
    expirationDateStr: expiry ? formatExpiry(expiry) : null,
    expirationDate: expiry ? lastDayOfMonth(expiry.year, expiry.month) : null,
    expired: expiry ? isExpired(expiry, now) : false,
    accountNum: row.accountMasked ? maskAccountNumber(row.accountMasked) : null,
    routingNum: row.routingNum,
    accountType: row.accountType === 'Savings' || row.accountType === 'Checking' ? row.accountType : null,
    name: row.name,
  };
}
