import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useSetCurrentCustomer } from '../../features/accounts/api/set-current-customer';
import { ACCOUNT_CHANGED_EVENT } from '../../features/accounts/components/account-selector';
import { CompanySwitcher } from '../../features/companies/components/company-switcher';
import { isSessionEndingError, translateApiError } from '../../lib/api-error';

/**
 * The company switcher, switching through the accounts feature: the same call and the same
 * account-changed event as the account selector, so every open screen follows.
 */
export function CompanyMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['profile', 'accounts', 'errors']);
  const setCurrent = useSetCurrentCustomer();
  const onSwitch = async (custNo: string) => {
    try {
      const response = await setCurrent.mutateAsync({ custNo });
      window.dispatchEvent(
        new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: { custNo: response.currentCustNo } }),
      );
      const company = response.currentCustomer?.company ?? response.currentCustNo;
      notifications.show({
        color: 'teal',
        message: t('profile:companies.switched', { company: `${company} (${response.currentCustNo})` }),
      });
    } catch (error) {
      if (!isSessionEndingError(error)) {
        notifications.show({
          color: 'red',
          title: t('accounts:changeFailed'),
          message: translateApiError(t, error),
        });
      }
    }
  };
  return <CompanySwitcher onSwitch={onSwitch} compact={compact} />;
}
