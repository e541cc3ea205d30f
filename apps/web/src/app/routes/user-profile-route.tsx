import { Stack, Title } from '@mantine/core';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { AutopaySettings } from '../../features/autopay/components/autopay-settings';
import { usePaymentProfiles } from '../../features/payment-profiles/api/get-payment-profiles';
import { AddBankAccountButton } from '../../features/payment-profiles/components/add-bank-account-button';
import { AddCardButton } from '../../features/payment-profiles/components/add-card-button';
import { SavedProfilesTable } from '../../features/payment-profiles/components/saved-profiles-table';
import {
  loadProviderPage,
  openPaymentWindow,
  paymentWindowSize,
} from '../../features/payments/lib/payment-window';
import { ProfileRoute } from '../../features/profile/routes/profile-route';
import { ReminderSettingsForm } from '../../features/reminders/components/reminder-settings-form';
import { StatementSubscriptionSwitch } from '../../features/statements/components/statement-dialog';
import { useSignedInUser } from '../../lib/use-user-data';

const providerWindow = {
  open: () => openPaymentWindow(paymentWindowSize({ width: null, height: null }, window.screen.width)),
  load: loadProviderPage,
};

/** /profile: the user's profile screen with the saved cards, bank accounts and reminders in its tabs. */
export function UserProfileRoute() {
  const { currentCustNo, currencyCode, roles } = useSignedInUser();
  const { t } = useTranslation('reminders');
  const mayPay = hasPrivilege(roles, Privilege.ALLOW_PAY);
  const profiles = usePaymentProfiles();
  return (
    <ProfileRoute
      cardsTab={
        <Stack>
          {currentCustNo ? (
            <AddCardButton custNo={currentCustNo} currency={currencyCode} providerWindow={providerWindow} />
          ) : null}
          <SavedProfilesTable kind="cards" />
        </Stack>
      }
      banksTab={
        <Stack>
          {currentCustNo ? <AddBankAccountButton custNo={currentCustNo} /> : null}
          <SavedProfilesTable kind="banks" />
        </Stack>
      }
      remindersTab={
        <Stack gap="xl">
          <ReminderSettingsForm />
          {currentCustNo ? (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('statementHeading')}
              </Title>
              <StatementSubscriptionSwitch custNo={currentCustNo} currencyCode={currencyCode} />
            </Stack>
          ) : null}
        </Stack>
      }
      autopayTab={
        mayPay && currentCustNo ? (
          <AutopaySettings custNo={currentCustNo} currency={currencyCode} profiles={profiles.data ?? []} />
        ) : undefined
      }
    />
  );
}
