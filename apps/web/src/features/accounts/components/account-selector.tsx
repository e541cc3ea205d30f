import { Group, Select, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { FALLBACK_CURRENCY } from '@settle/shared/rules/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { customerSourceUrl, useDataSource } from '../../../lib/data-source';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useAssociationAccounts } from '../api/get-association-accounts';
import { useSetCurrentCustomer } from '../api/set-current-customer';
import { formatCustomerLabel } from './customer-label';

/** Fired after the current customer changed, for parts of the page outside React Query's reach. */
export const ACCOUNT_CHANGED_EVENT = 'settle:account-changed';

/**
 * Above this many accounts the list is searched on the server (the customer data source: number
 * or company prefix, paged) instead of drawn whole: a user of hundreds of branches types a few
 * letters of the one they want.
 */
export const MANY_ACCOUNTS = 8;
const SEARCH_DEBOUNCE_MS = 250;

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
  const manyAccounts = customers.length > MANY_ACCOUNTS;
  const currentOption = current ? { value: current.custNo, label: formatCustomerLabel(current) } : undefined;
  const [search, setSearch] = useState('');
  // The field shows the chosen account's label when not typing: that is no search.
  const [startsWith] = useDebouncedValue(
    search === currentOption?.label ? '' : search.trim(),
    SEARCH_DEBOUNCE_MS,
  );
  const found = useDataSource(customerSourceUrl(), startsWith, 50, manyAccounts);
  const foundOptions = found.data?.pages.flatMap((page) => page.items) ?? [];
  const options = manyAccounts
    ? [
        ...(currentOption && !foundOptions.some((item) => item.value === currentOption.value)
          ? [currentOption]
          : []),
        ...foundOptions,
      ]
    : customers.map((customer) => ({ value: customer.custNo, label: formatCustomerLabel(customer) }));

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
        data={options}
        value={userData.currentCustNo}
        onChange={changeCustomer}
        allowDeselect={false}
        searchable={manyAccounts}
        {...(manyAccounts
          ? {
              searchValue: search,
              onSearchChange: setSearch,
              // The server already matched the prefix; the list shows what it answered.
              filter: ({ options: answered }) => answered,
            }
          : {})}
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
