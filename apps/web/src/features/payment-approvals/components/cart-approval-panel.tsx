import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { needsApproval } from '@settle/shared/rules/payment-approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { approvalKeys } from '../api/approval-keys';
import { useApprovalPolicy } from '../api/get-approval-policy';
import { submitApproval } from '../api/submit-approval';

type CartScope = {
  custNo: string;
  currency: string;
  total: string;
  payments: Array<{ invNo: string; payment: string; shortPayReason?: string }>;
};

/** Whether the cart's payment goes through approval (above the threshold) or already waits for it. */
export function useCartApproval(cart: Pick<CartScope, 'custNo' | 'currency' | 'total'> | null) {
  const policy = useApprovalPolicy(cart ? { custNo: cart.custNo, currency: cart.currency } : null);
  const data = policy.data;
  return {
    policy: data,
    pending: Boolean(data?.pendingApprovalId),
    needed: Boolean(cart && data?.required && needsApproval(cart.total, data.threshold)),
  };
}

/**
 * On the cart: above the customer's threshold the payment is submitted for a colleague's approval
 * with one of the user's saved profiles (the approver's approval pays with it); while it waits the
 * cart is locked and this says so.
 */
export function CartApprovalPanel({ cart, profiles }: { cart: CartScope; profiles: TPaymentProfile[] }) {
  const { t } = useTranslation('approvals');
  const { c2 } = useFormatters();
  const queryClient = useQueryClient();
  const { policy, pending, needed } = useCartApproval(cart);
  const usable = profiles.filter(
    (profile) => !profile.expired && (profile.profileType !== 'ECHECK' || cart.currency === 'USD'),
  );
  const [profileId, setProfileId] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: () => {
      const profile = usable.find((candidate) => String(candidate.id) === profileId)!;
      return submitApproval({
        custNo: cart.custNo,
        currency: cart.currency,
        paymentType: profile.profileType,
        paymentProfile: { id: profile.id },
        payments: cart.payments as never,
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      notifications.show({ color: 'teal', message: t('submitted') });
    },
  });

  if (!policy) return null;
  if (pending)
    return (
      <Alert color="blue" title={t('pendingTitle')} data-testid="approval-pending">
        {t('pendingText')}
      </Alert>
    );
  if (!needed) return null;
  return (
    <Alert color="yellow" title={t('neededTitle')} data-testid="approval-needed">
      <Stack gap="sm">
        <Text size="sm">{t('neededText', { threshold: c2(policy.threshold ?? '0', cart.currency) })}</Text>
        {usable.length === 0 ? (
          <Text size="sm">{t('noProfile')}</Text>
        ) : (
          <Group align="flex-end">
            <Select
              label={t('profile')}
              placeholder={t('profilePlaceholder')}
              data={usable.map((profile) => ({
                value: String(profile.id),
                label: [
                  profile.aliasName,
                  profile.cardType,
                  profile.lastDigits ? `•••• ${profile.lastDigits}` : profile.accountNum,
                ]
                  .filter(Boolean)
                  .join(' '),
              }))}
              value={profileId}
              onChange={setProfileId}
              data-testid="approval-profile"
            />
            <Button
              onClick={() => submit.mutate()}
              disabled={!profileId}
              loading={submit.isPending}
              data-testid="approval-submit"
            >
              {t('submit')}
            </Button>
          </Group>
        )}
        {submit.error ? (
          <Text size="sm" c="red.9" role="alert">
            {translateApiError(t, submit.error)}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
