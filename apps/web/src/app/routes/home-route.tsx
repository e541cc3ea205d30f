import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCustomerLabel } from '../../features/accounts/components/customer-label';
import { ServerDateText } from '../../features/accounts/components/server-date-text';
import { CustomerSummaryCards } from '../../features/dashboard/components/customer-summary-cards';
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
          <CustomerSummaryCards custNo={userData.currentCustNo} currencyCode={userData.currencyCode} />
        ) : null}
      </Stack>
    </Container>
  );
}
