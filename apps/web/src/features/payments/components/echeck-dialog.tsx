import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  type EcheckField,
  type EcheckValues,
  EMPTY_ECHECK,
  echeckErrors,
} from '@settle/shared/rules/echeck-account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankAccountFields } from '../../../components/ui/bank-account-fields';
import { useFormatters } from '../../../lib/use-formatters';
import type { TEcheckAccount } from '../lib/checkout-request';
import { paymentErrorList } from '../lib/translate-payment-error';

/**
 * The in-product e-check form (local processing). Fields are checked as the user types and
 * shown once touched; submit stays disabled while the form is invalid or a payment is being
 * submitted. The server's errors show in a banner the user can dismiss.
 */
export function EcheckDialog(props: {
  amount: string;
  currency: string;
  /** The amount panel is hidden when the dialog was reached from the e-check flow itself. */
  showAmount?: boolean;
  submitting: boolean;
  /** "Save as profile" is offered only where bank accounts can be kept (allowECheckProfile). */
  canSaveProfile?: boolean;
  /** The last refusal (kept in the checkout's phase): its messages fill the banner until dismissed. */
  serverError: unknown;
  onSubmit: (account: TEcheckAccount) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['payments', 'errors']);
  const { c2 } = useFormatters();
  const [values, setValues] = useState<EcheckValues>(EMPTY_ECHECK);
  const [touched, setTouched] = useState<ReadonlySet<EcheckField>>(new Set());
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const errors = echeckErrors(values);
  const valid = Object.keys(errors).length === 0;
  const serverErrors = props.serverError ? paymentErrorList(t, props.serverError) : [];
  const bannerShown = serverErrors.length > 0 && dismissedError !== props.serverError;

  const set = (field: keyof EcheckValues, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: EcheckField) => setTouched((current) => new Set(current).add(field));
  const errorOf = (field: EcheckField) => {
    const error = errors[field];
    return error && touched.has(field)
      ? t(`payments:echeck.errors.${error.key}`, error.values ?? {})
      : undefined;
  };

  const submit = () => {
    if (!valid || props.submitting || values.accountType === '') return;
    props.onSubmit({
      name: values.name.trim(),
      accountType: values.accountType,
      routingNumber: values.routingNumber,
      accountNumber: values.accountNumber,
      checkNumber: values.checkNumber,
      saveAsProfile: props.canSaveProfile === true && values.saveAsProfile,
    });
  };

  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={t('payments:echeck.title')}
      centered
      size="md"
      data-testid="echeck-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        aria-label={t('payments:echeck.title')}
      >
        <Stack gap="sm">
          {bannerShown ? (
            <Alert
              color="red"
              role="alert"
              title={t('payments:echeck.errorsTitle')}
              withCloseButton
              closeButtonLabel={t('payments:echeck.dismiss')}
              onClose={() => setDismissedError(props.serverError)}
              data-testid="echeck-errors"
            >
              <List size="sm">
                {serverErrors.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {props.showAmount !== false ? (
            <Group justify="space-between" data-testid="echeck-amount">
              <Text size="sm">{t('payments:echeck.amount')}</Text>
              <Text fw={700}>{c2(props.amount, props.currency)}</Text>
            </Group>
          ) : null}
          <BankAccountFields values={values} errorOf={errorOf} set={set} touch={touch} withCheckNumber />
          {props.canSaveProfile ? (
            <Checkbox
              label={t('payments:echeck.saveAsProfile')}
              checked={values.saveAsProfile}
              onChange={(event) => set('saveAsProfile', event.currentTarget.checked)}
              data-testid="echeck-save-profile"
            />
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onCancel} data-testid="echeck-cancel">
              {t('payments:echeck.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={!valid || props.submitting}
              loading={props.submitting}
              data-testid="echeck-submit"
            >
              {t('payments:echeck.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
