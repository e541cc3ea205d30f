import { createSandboxNotifier } from '../adapters/payments/sandbox/sandbox-notifier';
import { sandboxSigningSecret } from '../adapters/payments/sandbox/sandbox-signing-secret';
import type { SandboxStore } from '../adapters/payments/sandbox/sandbox-store';

/**
 * The sandbox's notifier for a test of its own: no retries, no warnings, and a route read at each
 * attempt (none by default, as at a portal's start, so that what is owed stays recorded).
 */
export function quietSandboxNotifier(
  store: SandboxStore,
  notifyUrl: () => string | undefined = () => undefined,
) {
  return createSandboxNotifier({
    store,
    signingSecret: sandboxSigningSecret('sandbox-test-secret-0123456789abcdef'),
    notifyUrl,
    retryDelaysMs: [],
    logger: { warn: () => {} },
  });
}
