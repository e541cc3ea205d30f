import {
  DISPUTE_STATUS_CODES,
  type TDisputeStatusCode,
  type TReasonCode,
  UNKNOWN_REASON_DISPLAY,
} from '@settle/shared/disputes';
import { disputeReasonDisplay } from '@settle/shared/rules/disputes';
import type { TFunction } from 'i18next';

/** The status's code to translate (`disputes:status.<code>`); an unknown code shows UnIdentified. */
export function statusCodeOf(code: string): TDisputeStatusCode {
  return (DISPUTE_STATUS_CODES as readonly string[]).includes(code) ? (code as TDisputeStatusCode) : 'U';
}

/** A reason's description from the tenant's list; an unknown reason shows Internal, in the user's language. */
export function reasonLabel(t: TFunction, code: string, reasons: readonly TReasonCode[]): string {
  const display = disputeReasonDisplay(code, reasons);
  return display === UNKNOWN_REASON_DISPLAY && !reasons.some((reason) => reason.code === code)
    ? t('disputes:reason.internal')
    : display;
}

/** The server's reason text, with its Internal (unknown reason) in the user's language. */
export function shownReason(t: TFunction, reasonDisplay: string): string {
  return reasonDisplay === UNKNOWN_REASON_DISPLAY ? t('disputes:reason.internal') : reasonDisplay;
}
