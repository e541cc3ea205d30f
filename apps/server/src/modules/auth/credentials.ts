import { invalidCredentials } from './auth-errors';
import type { Keyed } from './auth-secret';
import { accountKey, addressKey, type LoginThrottle } from './login-throttle';
import { verifyPassword } from './password';

export type Credentials = ReturnType<typeof createCredentials>;

/**
 * Password checks behind the brute-force brakes. Every refusal (unknown login, wrong
 * password, locked account or address) is the same INVALID_CREDENTIALS after the same
 * argon2 work, so the answer tells nothing about the account.
 */
export function createCredentials(options: { throttle: LoginThrottle; keyed: Keyed }) {
  const { throttle, keyed } = options;

  return {
    /**
     * The counters a guess is charged to: the address and the account. An unknown login
     * name gets a counter of its own (keyed by an HMAC, not the typed text, which may be a
     * mistyped password), so that it slows down and locks exactly like a real account.
     */
    keysFor(options: { tenantId: number; loginKey: string; userId?: number; ipAddress: string }): string[] {
      const account =
        options.userId === undefined
          ? `unknown:${keyed.hmac('login', String(options.tenantId), options.loginKey).slice(0, 32)}`
          : accountKey(options.userId);
      return [addressKey(options.ipAddress), account];
    },

    /** Throws INVALID_CREDENTIALS unless the keys are open and the password matches. */
    async verify(options: { keys: string[]; passwordHash: string | undefined; password: string }) {
      if ((await throttle.gate(options.keys)) === 'locked') {
        // Locked: the password is not checked, but the same work is done.
        await verifyPassword(undefined, options.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(options.passwordHash, options.password))) {
        await throttle.recordFailure(options.keys);
        throw invalidCredentials();
      }
    },

    recordFailure(keys: string[]): Promise<void> {
      return throttle.recordFailure(keys);
    },

    /** A complete sign-in forgets the account's failures (the address keeps its own). */
    async succeeded(userId: number): Promise<void> {
      await throttle.clear([accountKey(userId)]);
    },
  };
}
