import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSessionEndingError } from '../../../lib/api-error';
import { getDisputeAssistance } from '../api/get-dispute-assistance';
import { translateDisputeError } from '../lib/translate-dispute-error';

/**
 * The invoice's dispute button: asks {api}/dispute/assistance/{invNo}/N and opens what the
 * specification says: the one existing dispute, the list when there are several, else the
 * create screen.
 */
export function useOpenInvoiceDisputes(): { open: (invNo: string) => Promise<void>; busy: string | null } {
  const { t } = useTranslation(['disputes', 'errors']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  const open = useCallback(
    async (invNo: string) => {
      setBusy(invNo);
      try {
        const check = await getDisputeAssistance(invNo);
        const invoice = encodeURIComponent(invNo);
        if (check.disputeCount === 1 && check.probNo !== null) {
          navigate(`/dispute/${invoice}/${check.probNo}/${encodeURIComponent(check.tranId ?? '')}`);
        } else if (check.disputeCount > 1) {
          navigate(`/disputebyinvoices/${invoice}`);
        } else {
          navigate(`/dispute/${invoice}`);
        }
      } catch (error) {
        if (!isSessionEndingError(error))
          notifications.show({
            color: 'red',
            title: t('disputes:open.failed'),
            message: translateDisputeError(t, error),
          });
      } finally {
        setBusy(null);
      }
    },
    [navigate, t],
  );

  return { open, busy };
}
