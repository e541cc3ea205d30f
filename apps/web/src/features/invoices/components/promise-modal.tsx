import '@mantine/dates/styles.css';
import 'dayjs/locale/fr';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { addDays, isCalendarDate } from '@settle/shared/calendar-date';
import type { TInvoiceRow } from '@settle/shared/invoices';
import { checkFollowupDate, DEFAULT_PROMISE_MAX_DAYS } from '@settle/shared/promises';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { getPublicConfig } from '../../../lib/public-config';
import { useFormatters } from '../../../lib/use-formatters';
import { useUserData } from '../../../lib/use-user-data';
import { useServerDate } from '../api/get-server-date';
import { useSetInvoicePromise } from '../api/set-invoice-promise';
import { translateInvoiceError } from './translate-invoice-error';

export interface PromiseModalProps {
  /** The invoices to promise; null closes the modal. */
  rows: TInvoiceRow[] | null;
  /** Selected invoices the rules refuse: named, and left out. */
  skipped?: TInvoiceRow[];
  onClose: () => void;
  onPromised: (invNos: string[]) => void;
}

/** Promise to pay: a follow-up date (default the server's today, at most 90 days ahead), then confirm. */
export function PromiseModal({ rows, skipped = [], onClose, onPromised }: PromiseModalProps) {
  const { t } = useTranslation('invoices');
  return (
    <Modal opened={rows !== null} onClose={onClose} title={t('promise.title')} centered>
      {rows ? <PromiseForm rows={rows} skipped={skipped} onClose={onClose} onPromised={onPromised} /> : null}
    </Modal>
  );
}

/** Weeks start on Sunday in North America and on Monday in most other places. */
function firstDayOfWeek(locale: string): 0 | 1 {
  return /-(US|CA)$/i.test(locale.replace('_', '-')) ? 0 : 1;
}

function PromiseForm({
  rows,
  skipped,
  onClose,
  onPromised,
}: Required<Omit<PromiseModalProps, 'rows'>> & {
  rows: TInvoiceRow[];
}) {
  const { t, i18n } = useTranslation(['invoices', 'errors']);
  const { date: formatDate } = useFormatters();
  const userData = useUserData();
  const serverDate = useServerDate({ enabled: true });
  const promise = useSetInvoicePromise();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const today = serverDate.data?.serverDate ?? null;
  const value = chosen ?? today;
  const maxDays = getPublicConfig().promiseMaxDays ?? DEFAULT_PROMISE_MAX_DAYS;
  const maxDate = isCalendarDate(today) ? addDays(today, maxDays) : undefined;
  const invNos = rows.map((row) => row.invNo);
  const locale = userData?.localeForFormatting || i18n.language;

  const submit = () => {
    if (!value || !today) {
      setError(t('invoices:errors.PROMISE_INVALID_DATE'));
      return;
    }
    const check = checkFollowupDate(value, { today, maxDays });
    if (check !== 'ok') {
      setError(
        check === 'tooFar'
          ? t('invoices:errors.PROMISE_DATE_TOO_FAR', { 0: maxDays })
          : t('invoices:errors.PROMISE_INVALID_DATE'),
      );
      return;
    }
    setError(null);
    promise.mutate(
      { invNo: invNos, promised: true, nextFollowupDate: value },
      {
        onSuccess: (response) => {
          notifications.show({
            color: 'teal',
            message: t('invoices:promise.done', {
              count: response.invNo.length,
              date: formatDate(response.nextFollowupDate ?? value),
            }),
          });
          onPromised(response.invNo);
        },
        onError: (failure) => {
          if (!isSessionEndingError(failure)) setError(translateInvoiceError(t, failure));
        },
      },
    );
  };

  return (
    <Stack>
      <Text size="sm">
        {t('invoices:promise.intro', { count: invNos.length, invoices: invNos.join(', ') })}
      </Text>
      {skipped.length > 0 ? (
        <Alert color="yellow" data-testid="promise-skipped">
          {t('invoices:promise.skipped', {
            count: skipped.length,
            invoices: skipped.map((row) => row.invNo).join(', '),
          })}
        </Alert>
      ) : null}
      {serverDate.isPending ? (
        <Loader size="sm" aria-label={t('invoices:promise.loadingDate')} />
      ) : (
        <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: firstDayOfWeek(locale) }}>
          <DatePickerInput
            label={t('invoices:promise.date')}
            description={t('invoices:promise.dateHelp', { days: maxDays })}
            data-testid="promise-date"
            value={value}
            onChange={(next) => {
              setChosen(next);
              setError(null);
            }}
            minDate={today ?? undefined}
            maxDate={maxDate}
            valueFormatter={({ date }) => (typeof date === 'string' && date ? formatDate(date) : '')}
            required
          />
        </DatesProvider>
      )}
      {error ? (
        <Alert color="red" data-testid="promise-error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('invoices:actions.cancel')}
        </Button>
        <Button
          onClick={submit}
          loading={promise.isPending}
          disabled={!value || serverDate.isPending}
          data-testid="promise-confirm"
        >
          {t('invoices:promise.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
