import { createHmac } from 'node:crypto';

/**
 * The notifications' Standard Webhooks key, derived from the secret Settle and the sandbox share so one
 * setting is enough; signing notifications is another purpose than authenticating API calls, so it gets
 * another key.
 */
export function sandboxSigningSecret(secret: string): string {
  return `whsec_${createHmac('sha256', secret).update('settle-sandbox-notifications').digest('base64')}`;
}
