import { Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ON_ACCOUNT_NOTE_DEFAULT_MAX, type TPaymentResult } from '@settle/shared/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CheckoutRequest } from '../lib/checkout-request';
import {
  CONTRACT_NUMBER_MAX,
  type OnAccountField,
  type OnAccountValues,
  onAccountErrors,
  parseAmountInput,
} from '../lib/on-account-form';
import { CheckoutPanel, type CheckoutPanelProps } from './checkout-panel';

const EMPTY: OnAccountValues = { amount: '', note: '', contractNumber: '' };

/**
 * The on-account payment (the spec's own screen): amount, note (at most the configured size,
 * 100 by default, with a counter) and contract number (required when the configuration says
 * so). The methods are enabled only when the amount is above 0 and the form is valid.
 */
export function OnAccountPaymentForm(props: {
  custNo: string;
  currency: string;
  onPaid?: (request: CheckoutRequest) => void;
  onShowReceiptPdf?: CheckoutPanelProps['onShowReceiptPdf'];
  onReceiptClosed?: (result: TPaymentResult) => void;
  /** The saved profiles slot of the checkout (see CheckoutPanel). */
  profiles?: CheckoutPanelProps['profiles'];
}) {
  const { t } = useTranslation('payments');
  const config = usePaymentConfig('on_account', props.currency);
  const [values, setValues] = useState<OnAccountValues>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<OnAccountField>>(new Set());
  const noteMax =
    config.data?.noteMaxSize && config.data.noteMaxSize > 0
      ? config.data.noteMaxSize
      : ON_ACCOUNT_NOTE_DEFAULT_MAX;
  const contractRequired = config.data?.contractNumberRequired ?? false;
  const errors = onAccountErrors(values, { noteMaxSize: noteMax, contractNumberRequired: contractRequired });
  const valid = config.data !== undefined && Object.keys(errors).length === 0;

  const set = (field: OnAccountField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: OnAccountField) => setTouched((current) => new Set(current).add(field));
  const errorOf = (field: OnAccountField) => {
    const error = errors[field];
    return error && touched.has(field) ? t(`onAccount.errors.${error.key}`, error.values ?? {}) : undefined;
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="on-account-form">
      <Stack gap="md">
        <TextInput
          label={t('onAccount.amount')}
          required
          inputMode="decimal"
          w={{ base: '100%', sm: 240 }}
          value={values.amount}
          onChange={(event) => set('amount', event.currentTarget.value)}
          onBlur={() => touch('amount')}
          error={errorOf('amount')}
          rightSection={
            <Text size="xs" c="dimmed">
              {props.currency}
            </Text>
          }
          rightSectionWidth={48}
          data-testid="on-account-amount"
        />
        <Textarea
          label={t('onAccount.note')}
          rows={3}
          maxLength={noteMax}
          value={values.note}
          onChange={(event) => set('note', event.currentTarget.value)}
          onBlur={() => touch('note')}
          error={errorOf('note')}
          description={t('echeck.counter', { count: values.note.length, max: noteMax })}
          data-testid="on-account-note"
        />
        <TextInput
          label={t('onAccount.contractNumber')}
          required={contractRequired}
          maxLength={CONTRACT_NUMBER_MAX}
          w={{ base: '100%', sm: 320 }}
          value={values.contractNumber}
          onChange={(event) => set('contractNumber', event.currentTarget.value)}
          onBlur={() => touch('contractNumber')}
          error={errorOf('contractNumber')}
          data-testid="on-account-contract"
        />
        <CheckoutPanel
          flow="on_account"
          currency={props.currency}
          enabled={valid}
          disabledReason={t('methods.formInvalid')}
          buildRequest={(paymentType) => ({
            flow: 'on_account',
            paymentType,
            custNo: props.custNo,
            currency: props.currency,
            amount: parseAmountInput(values.amount) ?? '0',
            note: values.note,
            contractNumber: values.contractNumber.trim(),
          })}
          onPaid={(request) => {
            setValues(EMPTY);
            setTouched(new Set());
            props.onPaid?.(request);
          }}
          onReceiptClosed={props.onReceiptClosed}
          onShowReceiptPdf={props.onShowReceiptPdf}
          profiles={props.profiles}
        />
      </Stack>
    </Paper>
  );
}
