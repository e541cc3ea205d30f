import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { dueCardCriteria } from '@settle/shared/rules/due-criteria';
import { useTranslation } from 'react-i18next';
import { formatCustomerLabel } from '../../features/accounts/components/customer-label';
import { ServerDateText } from '../../features/accounts/components/server-date-text';
import { CustomerSummaryCards } from '../../features/dashboard/components/customer-summary-cards';
import { criteriaSearchParams } from '../../features/search/hooks/use-criteria-search-param';
import { useSignedInUser } from '../../lib/use-user-data';

export function HomeRoute() {
  const { t } = useTranslation('home');
  const userData = useSignedInUser();
  const customer = userData.currentCustomer;

  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2" data-testid="greeting" data-page-title={t('common:nav.home')}>
          {t('greeting', { name: userData.firstName })}
        </Title>
        {customer ? (
          <Group gap="lg">
            <Text data-testid="current-account">
              {t('currentAccount', { account: formatCustomerLabel(customer) })}
            </Text>
            <Text data-testid="current-currency">
              {t('currentCurrency', { currency: userData.currencyCode })}
            </Text>
          </Group>
        ) : (
          <Alert color="yellow">{t('noAccount')}</Alert>
        )}
        <ServerDateText />
        {userData.currentCustNo ? (
          <CustomerSummaryCards
            custNo={userData.currentCustNo}
            currencyCode={userData.currencyCode}
            openLink="/invoices"
            linkTo={(card, asOf) => `/invoices?${criteriaSearchParams(dueCardCriteria(card, asOf))}`}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
