import { Group, Stack } from '@mantine/core';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import type { TPaymentConfig } from '@settle/shared/payments';
import { usePaymentProfiles } from '../api/get-payment-profiles';
import { AddBankAccountButton } from './add-bank-account-button';
import { ManageProfilesButton } from './manage-profiles-button';
import { ProfilePanels } from './profile-panels';

export interface SavedProfilePanelsProps {
  custNo: string;
  currency: string;
  config: TPaymentConfig | undefined;
  enabled: boolean;
  busy: boolean;
  onPay: (profile: TPaymentProfile) => void;
  onSelect?: (profile: TPaymentProfile | null) => void;
}

/** The cart's and on-account screen's profile panels: the customer's saved profiles the currency offers. */
export function SavedProfilePanels({
  custNo,
  currency,
  config,
  enabled,
  busy,
  onPay,
  onSelect,
}: SavedProfilePanelsProps) {
  const profiles = usePaymentProfiles({ custNo });
  if (!config || !profiles.data) return null;
  const offered = {
    CREDIT_CARD: config.allowCreditCardProfile,
    DEBIT_CARD: config.allowDebitCardProfile,
    // Electronic check is USD only.
    ECHECK: config.allowECheckProfile && currency === 'USD',
  };
  if (!offered.CREDIT_CARD && !offered.DEBIT_CARD && !offered.ECHECK) return null;
  return (
    <Stack gap="xs">
      <ProfilePanels
        profiles={profiles.data}
        offered={offered}
        enabled={enabled}
        busy={busy}
        onPay={onPay}
        onSelect={onSelect}
        addBank={<AddBankAccountButton custNo={custNo} />}
      />
      <Group justify="flex-end">
        <ManageProfilesButton custNo={custNo} withBanks={offered.ECHECK} />
      </Group>
    </Stack>
  );
}
