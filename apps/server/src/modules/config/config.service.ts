import type { TPublicConfig } from '@settle/shared/config';
import type { AppConfig } from '../../config';
import type { AuthService } from '../auth/auth.service';

export type PublicConfigService = ReturnType<typeof createPublicConfigService>;

/** The settings the page starts with, per tenant. Anyone may read them: nothing secret goes in. */
export function createPublicConfigService(deps: {
  config: AppConfig;
  auth: Pick<AuthService, 'requireTenant'>;
}) {
  const { config, auth } = deps;

  async function publicConfig(solutionInstanceGuid: string | undefined): Promise<TPublicConfig> {
    const tenant = await auth.requireTenant(solutionInstanceGuid);
    return {
      apiBase: config.apiBase,
      appHeaderName: tenant.appHeaderName,
      solutionInstanceGuid: tenant.guid,
      ssoEnabled: tenant.ssoEnabled,
      languages: ['en', 'fr'],
      defaultLanguage: 'en',
      viewer: config.viewer,
      searchApplyImmediate: config.searchApplyImmediate,
      promiseMaxDays: config.promiseMaxDays,
    };
  }

  return {
    publicConfig,

    /** The settings as the script {api}/config.js: it sets window.settleConfig before the app starts. */
    async script(solutionInstanceGuid: string | undefined): Promise<string> {
      return `window.settleConfig = ${JSON.stringify(await publicConfig(solutionInstanceGuid))};\n`;
    },
  };
}
