/**
 * The credentials between the password step and the code step. The PIN is sent again with
 * the login name and password, so they must outlive the login page, but only in memory:
 * never in localStorage or sessionStorage. A reload forgets them and the user starts over.
 */
export interface PendingSignIn {
  loginName: string;
  password: string;
  /** Where the code went (bullets and the last 4 digits); absent while no mobile is on file. */
  maskedMobile?: string;
  /** The factors the PIN step may be passed with (SMS, TOTP, PASSKEY, RECOVERY), when more than the SMS code. */
  factors?: string[];
  /** Where to go once signed in (already checked by safeReturnTo). */
  returnTo?: string;
}

let pending: PendingSignIn | null = null;

export function setPendingSignIn(value: PendingSignIn): void {
  pending = value;
}

export function getPendingSignIn(): PendingSignIn | null {
  return pending;
}

export function updatePendingSignIn(changes: Partial<PendingSignIn>): void {
  if (pending) pending = { ...pending, ...changes };
}

export function clearPendingSignIn(): void {
  pending = null;
}

/** The spec's routes of the code step: the PIN entry, or the mobile page when none is on file. */
export const PIN_STEP_PATH = '/postLogin?pinCode=true&pincodeMethod=SMS';
export const MOBILE_STEP_PATH = '/postLogin?pinCode=false';

/** The PIN step by a factor the user chose (authenticator app or passkey first). */
export function factorStepPath(method: string): string {
  return `/postLogin?pinCode=true&pincodeMethod=${encodeURIComponent(method)}`;
}
