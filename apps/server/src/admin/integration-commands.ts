import { EVENT_TYPES } from '@settle/shared/integration';
import { parseScopes } from '../modules/integration/api-keys.service';
import type { AdminContext } from './commands';

const KEY_USAGE =
  'Usage: npm run admin -- api-key create <tenantGuid|default> <name> <scope,scope...> | list <tenantGuid|default> | revoke <tenantGuid|default> <id>';
const WEBHOOK_USAGE =
  'Usage: npm run admin -- webhook subscribe <tenantGuid|default> <url> <type,type...|*> | list <tenant> | unsubscribe <tenant> <id> | deliveries <tenant> <id> | redeliver <tenant> <deliveryId>';

function idOf(value: string | undefined, usage: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error(usage);
  return id;
}

/** Operator commands of the integration API: keys (shown once, only a hash kept) and webhooks. */
export const integrationCommands = {
  async apiKey({ services }: AdminContext, argument: string | undefined): Promise<string> {
    const [action, tenant, ...rest] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
    if (!action || !tenant) throw new Error(KEY_USAGE);
    const tenantId = await services.apiKeys.tenantIdOf(tenant);
    if (action === 'create') {
      const [name, scopes, ...extra] = rest;
      if (!name || extra.length > 0) throw new Error(KEY_USAGE);
      const created = await services.apiKeys.create({ tenantId, name, scopes: parseScopes(scopes) });
      return `API key ${created.id} (${name}): ${created.key}\nThis key is shown once; only its hash is kept.`;
    }
    if (action === 'list') {
      const keys = await services.apiKeys.list(tenantId);
      if (keys.length === 0) return 'No API keys';
      return keys
        .map(
          (key) =>
            `${key.id}\t${key.name}\t${key.prefix}…\t${key.scopes.join(',')}\t${key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active'}\tlast used ${key.lastUsedAt?.toISOString() ?? 'never'}`,
        )
        .join('\n');
    }
    if (action === 'revoke') {
      const id = idOf(rest[0], KEY_USAGE);
      if (!(await services.apiKeys.revoke(tenantId, id)))
        throw new Error(`No active API key ${id} in ${tenant}`);
      return `API key ${id} revoked`;
    }
    throw new Error(KEY_USAGE);
  },

  async webhook({ services }: AdminContext, argument: string | undefined): Promise<string> {
    const [action, tenant, ...rest] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
    if (!action || !tenant) throw new Error(WEBHOOK_USAGE);
    const tenantId = await services.apiKeys.tenantIdOf(tenant);
    switch (action) {
      case 'subscribe': {
        const [url, types] = rest;
        if (!url || !/^https?:\/\//.test(url) || !types) throw new Error(WEBHOOK_USAGE);
        const eventTypes = types.split(',');
        const unknown = eventTypes.filter(
          (type) => type !== '*' && !(EVENT_TYPES as readonly string[]).includes(type),
        );
        if (unknown.length > 0)
          throw new Error(
            `Unknown event type(s): ${unknown.join(', ')}; known: ${EVENT_TYPES.join(', ')}, *`,
          );
        const created = await services.webhooks.subscribe(tenantId, { url, eventTypes });
        return `Subscription ${created.id} to ${url}; signing secret (shown once): ${created.secret}`;
      }
      case 'list':
        return (
          (await services.webhooks.list(tenantId))
            .map((row) => `${row.id}\t${row.url}\t${row.eventTypes.join(',')}`)
            .join('\n') || 'No subscriptions'
        );
      case 'unsubscribe':
        await services.webhooks.unsubscribe(tenantId, idOf(rest[0], WEBHOOK_USAGE));
        return `Subscription ${rest[0]} removed`;
      case 'deliveries':
        return (
          (await services.webhooks.deliveries(tenantId, idOf(rest[0], WEBHOOK_USAGE)))
            .map(
              (row) =>
                `${row.id}\t${row.eventId}\t${row.type}\t${row.status}\tattempts ${row.attempts}\tlast ${row.lastStatusCode ?? '-'}\t${row.deliveredAt ?? row.nextAttemptAt ?? ''}`,
            )
            .join('\n') || 'No deliveries'
        );
      case 'redeliver':
        await services.webhooks.redeliver(tenantId, idOf(rest[0], WEBHOOK_USAGE));
        return `Delivery ${rest[0]} queued again (same event id)`;
      default:
        throw new Error(WEBHOOK_USAGE);
    }
  },
};
