import { Stack } from '@mantine/core';
import { AddBankAccountButton } from '../../features/payment-profiles/components/add-bank-account-button';
import { AddCardButton } from '../../features/payment-profiles/components/add-card-button';
import { SavedProfilesTable } from '../../features/payment-profiles/components/saved-profiles-table';
import {
  loadProviderPage,
  openPaymentWindow,
  paymentWindowSize,
} from '../../features/payments/lib/payment-window';
import { ProfileRoute } from '../../features/profile/routes/profile-route';
import { useSignedInUser } from '../../lib/use-user-data';

const providerWindow = {
  open: () => openPaymentWindow(paymentWindowSize({ width: null, height: null }, window.screen.width)),
  load: loadProviderPage,
};

/** /profile: the user's profile screen with the saved cards and bank accounts in its tabs. */
export function UserProfileRoute() {
  const { currentCustNo, currencyCode } = useSignedInUser();
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
    />
  );
}
