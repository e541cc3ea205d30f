import { Alert, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useServerDate } from '../../features/accounts/api/get-server-date';
import { formatCustomerLabel } from '../../features/accounts/components/customer-label';
import { ServerDateText } from '../../features/accounts/components/server-date-text';
import { AnnouncementTicker } from '../../features/announcements/components/announcement-ticker';
import { DashboardBoard } from '../../features/dashboard/components/dashboard-board';
import { StatementButton } from '../../features/statements/components/statement-button';
import { useSignedInUser } from '../../lib/use-user-data';
import { WIDGET_REGISTRY } from '../dashboard/widget-registry';

export function HomeRoute() {
  const { t } = useTranslation('home');
  const userData = useSignedInUser();
  const customer = userData.currentCustomer;
  const serverDate = useServerDate();

  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2" data-testid="greeting" data-page-title={t('common:nav.home')}>
          {t('greeting', { name: userData.firstName })}
        </Title>
        <AnnouncementTicker />
        {customer ? (
          <Group gap="lg">
            <Text data-testid="current-account">
              {t('currentAccount', { account: formatCustomerLabel(customer) })}
            </Text>
            <Text data-testid="current-currency">
              {t('currentCurrency', { currency: userData.currencyCode })}
            </Text>
            <StatementButton
              custNo={customer.custNo}
              currencyCode={userData.currencyCode}
              today={serverDate.data?.serverDate}
            />
          </Group>
        ) : (
          <Alert color="yellow">{t('noAccount')}</Alert>
        )}
        <ServerDateText />
        {userData.currentCustNo ? <DashboardBoard registry={WIDGET_REGISTRY} /> : null}
      </Stack>
    </Container>
  );
}
