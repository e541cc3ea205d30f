import type { AppConfig } from '../../../config';
import { type SandboxProvider, startSandboxProvider } from './sandbox-provider';

/** Settle's route for the sandbox's notifications (built by the payments module). */
export const SANDBOX_NOTIFICATION_PATH = '/payment/notifications/sandbox';

export type RunningPaymentSandbox = {
  /** The configuration with the sandbox's real address (its port was perhaps 0). */
  config: AppConfig;
  provider: SandboxProvider;
  announcement: string;
  close(): Promise<void>;
};

/**
 * The portal's address as the sandbox, in the same process, reaches it: loopback when the portal listens
 * on every interface. Unknown while the portal's port is 0 (tests): they call provider.setNotifyUrl.
 */
export function portalNotifyUrl(config: AppConfig): string | undefined {
  if (config.port === 0) return undefined;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const bracketed = host.includes(':') ? `[${host}]` : host;
  return `http://${bracketed}:${config.port}${config.apiBase}${SANDBOX_NOTIFICATION_PATH}`;
}

/**
 * Starts the sandbox provider beside the portal (demo and production starts alike) unless another
 * provider is configured or PAYMENT_SANDBOX_URL names a sandbox another process runs; undefined then.
 */
export async function startPaymentSandbox(
  config: AppConfig,
  options: { logger?: { warn: (message: string) => void }; retryDelaysMs?: number[] } = {},
): Promise<RunningPaymentSandbox | undefined> {
  const payments = config.payments;
  if (payments.provider !== 'sandbox' || !payments.startHere) return undefined;
  const notifyUrl = payments.notifyUrl ?? portalNotifyUrl(config);
  const provider = await startSandboxProvider({
    secret: payments.secret,
    port: payments.port,
    host: payments.host,
    publicUrl: payments.publicUrl,
    notifyUrl,
    dataFile: payments.dataFile,
    pendingMs: payments.pendingMs,
    logger: options.logger,
    retryDelaysMs: options.retryDelaysMs,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    throw new Error(
      `The sandbox payment provider cannot listen on ${payments.host}:${payments.port}: the port is in use. ` +
        'Set PAYMENT_SANDBOX_PORT to a free port (or PAYMENT_PROVIDER=stripe).',
    );
  });
  return {
    config: { ...config, payments: { ...payments, apiUrl: provider.origin, notifyUrl } },
    provider,
    announcement: `sandbox payment provider at ${provider.publicOrigin} (test cards in the README: 4242 4242 4242 4242 succeeds)`,
    close: provider.close,
  };
}
