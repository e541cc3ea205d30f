import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_SCOPES, type TApiKeyScope } from '@settle/shared/integration';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/integration';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../lib/app-error';

export type ApiKeyContext = { keyId: number; tenantId: number; scopes: readonly TApiKeyScope[] };

const KEY_PREFIX = 'stl_';

/** A key has 256 random bits: a plain SHA-256 is enough to store it (no password stretching needed). */
function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function parseScopes(text: string | undefined): TApiKeyScope[] {
  const scopes = (text ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0 || unknown.length > 0)
    throw new Error(
      `${unknown.length ? `Unknown scope(s): ${unknown.join(', ')}. ` : ''}Scopes are a comma-separated list of ${API_KEY_SCOPES.join(', ')}`,
    );
  return [...new Set(scopes)] as TApiKeyScope[];
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export function createApiKeysService(db: Db) {
  async function tenantIdOf(guid: string): Promise<number> {
    const [tenant] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(guid === 'default' ? eq(tenants.isDefault, true) : eq(tenants.guid, guid))
      .limit(1);
    if (!tenant) throw new Error(`No tenant ${guid}`);
    return tenant.id;
  }

  return {
    tenantIdOf,

    /** Creates a key; the answer is the only place the key ever appears. */
    async create(options: { tenantId: number; name: string; scopes: TApiKeyScope[] }) {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          tenantId: options.tenantId,
          name: options.name,
          prefix: key.slice(0, KEY_PREFIX.length + 6),
          keyHash: hashOf(key),
          scopes: options.scopes,
        })
        .returning({ id: apiKeys.id });
      return { id: row!.id, key };
    },

    list(tenantId: number) {
      return db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          scopes: apiKeys.scopes,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.tenantId, tenantId))
        .orderBy(apiKeys.id);
    },

    async revoke(tenantId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** The Authorization header to a key's tenant and scopes; anything else is 401 with one message. */
    async authenticate(header: string | undefined): Promise<ApiKeyContext> {
      const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
      const refused = new AppError({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Send a valid, unrevoked API key as "Authorization: Bearer <key>".',
      });
      if (!match) throw refused;
      const [row] = await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(apiKeys.keyHash, hashOf(match[1]!)), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id, tenantId: apiKeys.tenantId, scopes: apiKeys.scopes });
      if (!row) throw refused;
      return { keyId: row.id, tenantId: row.tenantId, scopes: row.scopes as TApiKeyScope[] };
    },
  };
}

export function requireScope(context: ApiKeyContext, scope: TApiKeyScope): void {
  if (!context.scopes.includes(scope))
    throw new AppError({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: `This API key lacks the ${scope} scope.`,
    });
}
