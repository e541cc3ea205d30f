import { Group, Select, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FALLBACK_CURRENCY } from '@settle/shared/rules/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useAssociationAccounts } from '../api/get-association-accounts';
import { useSetCurrentCustomer } from '../api/set-current-customer';
import { formatCustomerLabel } from './customer-label';

/** Fired after the current customer changed, for parts of the page outside React Query's reach. */
export const ACCOUNT_CHANGED_EVENT = 'settle:account-changed';

export function AccountSelector() {
  const { t } = useTranslation(['accounts', 'errors']);
  const userData = useSignedInUser();
  const accounts = useAssociationAccounts();
  const setCurrent = useSetCurrentCustomer();
  const [announcement, setAnnouncement] = useState('');

  // The sign-in answer already lists the customers: the selector works before the list call returns.
  const customers = accounts.data ?? userData.customers;
  const current =
    customers.find((customer) => customer.custNo === userData.currentCustNo) ?? userData.currentCustomer;
  const currencies = current && current.currencies.length > 0 ? current.currencies : [FALLBACK_CURRENCY];

  const announce = (message: string) => {
    setAnnouncement(message);
    notifications.show({ message, color: 'teal' });
  };
  const onError = (error: Error) => {
    if (isSessionEndingError(error)) return;
    notifications.show({
      color: 'red',
      title: t('accounts:changeFailed'),
      message: translateApiError(t, error),
    });
  };

  const changeCustomer = (custNo: string | null) => {
    if (!custNo || custNo === userData.currentCustNo) return;
    setCurrent.mutate(
      { custNo },
      {
        onSuccess: (response) => {
          announce(t('accounts:accountChanged', { custNo: response.currentCustNo }));
          window.dispatchEvent(
            new CustomEvent(ACCOUNT_CHANGED_EVENT, { detail: { custNo: response.currentCustNo } }),
          );
        },
        onError,
      },
    );
  };

  const changeCurrency = (currencyCode: string | null) => {
    const custNo = userData.currentCustNo;
    if (!currencyCode || !custNo || currencyCode === userData.currencyCode) return;
    setCurrent.mutate(
      { custNo, currencyCode },
      {
        onSuccess: (response) =>
          announce(t('accounts:currencyChanged', { currencyCode: response.currencyCode })),
        onError,
      },
    );
  };

  return (
    <Group gap="xs" wrap="nowrap" w="100%">
      <Select
        aria-label={t('accounts:account')}
        data-testid="account-select"
        data={customers.map((customer) => ({ value: customer.custNo, label: formatCustomerLabel(customer) }))}
        value={userData.currentCustNo}
        onChange={changeCustomer}
        allowDeselect={false}
        searchable={customers.length > 8}
        disabled={setCurrent.isPending || customers.length === 0}
        placeholder={t('accounts:noAccounts')}
        comboboxProps={{ width: 'max-content', position: 'bottom-start' }}
        flex={1}
        miw={0}
        size="xs"
      />
      <Select
        aria-label={t('accounts:currency')}
        data-testid="currency-select"
        data={currencies}
        value={userData.currencyCode}
        onChange={changeCurrency}
        allowDeselect={false}
        disabled={setCurrent.isPending || !userData.currentCustNo}
        w={90}
        size="xs"
      />
      <VisuallyHidden role="status" aria-live="polite" data-testid="account-announcement">
        {announcement}
      </VisuallyHidden>
    </Group>
  );
}
