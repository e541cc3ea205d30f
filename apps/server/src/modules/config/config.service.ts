import type { TPublicConfig } from '@settle/shared/config';
import type { TDataIndex, TDataSources } from '@settle/shared/data-sources';
import type { AppConfig } from '../../config';
import type { AuthService } from '../auth/auth.service';

export type PublicConfigService = ReturnType<typeof createPublicConfigService>;

/** The customer source is ours; the team and portfolio ones only exist when the tenant configures them. */
export const CUSTOMER_SOURCE_PATH = '/data/customers';
const LANGUAGES = ['en', 'fr'];
const DEFAULT_LANGUAGE = 'en';

/** The settings the page starts with, per tenant. Anyone may read them: nothing secret goes in. */
export function createPublicConfigService(deps: {
  config: AppConfig;
  auth: Pick<AuthService, 'requireTenant'>;
}) {
  const { config, auth } = deps;
  const dataSources: TDataSources = {
    customer: `${config.apiBase}${CUSTOMER_SOURCE_PATH}`,
    ...config.filterSources,
  };

  async function publicConfig(solutionInstanceGuid: string | undefined): Promise<TPublicConfig> {
    const tenant = await auth.requireTenant(solutionInstanceGuid);
    return {
      apiBase: config.apiBase,
      appHeaderName: tenant.appHeaderName,
      solutionInstanceGuid: tenant.guid,
      ssoEnabled: tenant.ssoEnabled,
      languages: LANGUAGES,
      defaultLanguage: DEFAULT_LANGUAGE,
      viewer: config.viewer,
      searchApplyImmediate: config.searchApplyImmediate,
      promiseMaxDays: config.promiseMaxDays,
      methodOverride: config.methodOverride,
      dataSources,
    };
  }

  return {
    publicConfig,

    /** The settings as the script {api}/config.js: it sets window.settleConfig before the app starts. */
    async script(solutionInstanceGuid: string | undefined): Promise<string> {
      return `window.settleConfig = ${JSON.stringify(await publicConfig(solutionInstanceGuid))};\n`;
    },

    /** GET {api}/data/: what a page knows of a tenant before anyone signs in, and where the sources are. */
    async dataIndex(solutionInstanceGuid: string | undefined): Promise<TDataIndex> {
      const tenant = await auth.requireTenant(solutionInstanceGuid);
      return {
        tenant: {
          solutionInstanceGuid: tenant.guid,
          appHeaderName: tenant.appHeaderName,
          ssoEnabled: tenant.ssoEnabled,
          languages: LANGUAGES,
          defaultLanguage: DEFAULT_LANGUAGE,
          phoneMask: tenant.phoneMask,
        },
        sources: dataSources,
      };
    },
  };
}
