import type { TApiKeyScope } from '@settle/shared/integration';
import type { InjectOptions } from 'fastify';
import type { TestContext } from '../../test/test-app';

/** A key made as the operator command makes it, and a client that sends it (no cookies, no CSRF). */
export async function integrationClient(
  context: TestContext,
  tenantId: number,
  scopes: TApiKeyScope[] = ['ledger:write', 'events:read', 'webhooks:manage'],
) {
  const { id, key } = await context.app.services.apiKeys.create({ tenantId, name: 'erp', scopes });
  const call = (options: InjectOptions) =>
    context.app.inject({
      ...options,
      url: `${context.api}/integration/v1${options.url}`,
      headers: { authorization: `Bearer ${key}`, ...(options.headers as Record<string, string>) },
    });
  return {
    keyId: id,
    key,
    call,
    post: (url: string, payload: unknown, contentType = 'application/json', query = '') =>
      call({
        method: 'POST',
        url: `${url}${query}`,
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': contentType },
      }),
    get: (url: string) => call({ method: 'GET', url }),
  };
}
