import { Button, Group, Text } from '@mantine/core';
import { PAYMENT_POLL_MS } from '@settle/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { addPaymentProfile, getAddStatus } from '../api/add-payment-profile';
import { paymentProfileKeys } from '../api/get-payment-profiles';

/** The window machinery of the payments feature, handed in by the app (a feature does not import another). */
export interface ProviderWindow {
  open: () => Window | null;
  load: (
    target: Window,
    page: {
      serviceURL: string;
      serviceMethod: string | null;
      templateProperties: Record<string, string> | null;
    },
  ) => void;
}

export interface AddCardButtonProps {
  custNo: string;
  currency: string;
  providerWindow: ProviderWindow;
}

/** Saves a card on the provider's page in its window, polling every second until the provider has it. */
export function AddCardButton({ custNo, currency, providerWindow }: AddCardButtonProps) {
  const { t } = useTranslation(['paymentProfiles', 'errors']);
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<{ reference: string; target: Window | null } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    if (!waiting) return;
    timer.current = setInterval(async () => {
      const closed = waiting.target?.closed ?? false;
      const status = await getAddStatus(waiting.reference).catch(() => null);
      if (status?.success || closed) {
        clearInterval(timer.current);
        waiting.target?.close();
        setWaiting(null);
        void queryClient.invalidateQueries({ queryKey: paymentProfileKeys.all });
      }
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer.current);
  }, [waiting, queryClient]);

  const start = async () => {
    setError(null);
    const target = providerWindow.open();
    try {
      const answer = await addPaymentProfile({ profileType: 'CREDIT_CARD', custNo, currency });
      if (!answer.serviceURL || !answer.reference) throw new Error('no save-card page');
      if (target) providerWindow.load(target, { ...answer, serviceURL: answer.serviceURL });
      setWaiting({ reference: answer.reference, target });
    } catch (failure) {
      target?.close();
      setError(failure);
    }
  };

  return (
    <Group gap="sm">
      <Button onClick={start} loading={waiting !== null} data-testid="profile-add-card">
        {t('paymentProfiles:addCard')}
      </Button>
      {error ? (
        <Text c="red.8" size="sm" role="alert">
          {translateApiError(t, error)}
        </Text>
      ) : null}
    </Group>
  );
}
