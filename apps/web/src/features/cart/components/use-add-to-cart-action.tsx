import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REFUSAL_MESSAGES, type RefusalReason } from '@settle/shared/rules/invoices';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useAddToCart } from '../api/add-to-cart';

function reasonCode(message: string): RefusalReason | undefined {
  return (Object.keys(REFUSAL_MESSAGES) as RefusalReason[]).find(
    (code) => REFUSAL_MESSAGES[code] === message,
  );
}

/**
 * Adds invoices to the current customer and currency's cart and tells the user how it went:
 * how many were added, and which transactions were not (the server's message, in the
 * user's language, with each reason). Rejects when the call failed.
 */
export function useAddToCartAction(): (invNos: string[]) => Promise<void> {
  const { t } = useTranslation(['cart', 'errors']);
  const { currentCustNo, currencyCode } = useSignedInUser();
  const { mutateAsync } = useAddToCart();

  return useCallback(
    async (invNos: string[]) => {
      if (!currentCustNo) return;
      try {
        const result = await mutateAsync({ custNo: currentCustNo, currencyCode, invNo: invNos });
        if (result.added.length > 0) {
          notifications.show({ color: 'teal', message: t('cart:added', { count: result.added.length }) });
        }
        if (result.message !== null) {
          notifications.show({
            color: 'yellow',
            title: t('cart:notAdded', { ids: result.notAdded.map((entry) => entry.tranId).join(', ') }),
            message: (
              <List size="sm" data-testid="cart-not-added">
                {result.notAdded.map((entry) => {
                  const code = reasonCode(entry.reason);
                  return (
                    <List.Item key={entry.invNo}>
                      <Text span size="sm">
                        {entry.tranId}: {code ? t(`cart:refusal.${code}`) : entry.reason}
                      </Text>
                    </List.Item>
                  );
                })}
              </List>
            ),
            autoClose: 10_000,
          });
        }
      } catch (error) {
        if (!isSessionEndingError(error)) {
          notifications.show({
            color: 'red',
            title: t('cart:addFailed'),
            message: translateApiError(t, error),
          });
        }
        throw error;
      }
    },
    [currentCustNo, currencyCode, mutateAsync, t],
  );
}
