/** Why the last session ended, shown once on the login page (the spec's "stored reason message"). */
export const LOGOUT_REASON_KEY = 'logoutReason';

export function storeLogoutReason(reason: string): void {
  sessionStorage.setItem(LOGOUT_REASON_KEY, reason);
}

export function readLogoutReason(): string | null {
  return sessionStorage.getItem(LOGOUT_REASON_KEY);
}

export function clearLogoutReason(): void {
  sessionStorage.removeItem(LOGOUT_REASON_KEY);
}
