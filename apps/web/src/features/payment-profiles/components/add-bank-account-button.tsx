import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type EcheckField,
  type EcheckValues,
  EMPTY_ECHECK,
  echeckErrors,
} from '@settle/shared/rules/echeck-account';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankAccountFields } from '../../../components/ui/bank-account-fields';
import { translateApiError } from '../../../lib/api-error';
import { addPaymentProfile } from '../api/add-payment-profile';
import { paymentProfileKeys } from '../api/get-payment-profiles';

const ALIAS_MAX = 60;

/**
 * "Add a bank account" (POST payment/add/ with profileType ECHECK): the e-check rules checked as the
 * user types, the server's refusal shown in the dialog, the saved account listed at once.
 */
export function AddBankAccountButton({ custNo }: { custNo: string }) {
  const { t } = useTranslation(['paymentProfiles', 'payments', 'errors']);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<EcheckValues>(EMPTY_ECHECK);
  const [aliasName, setAliasName] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<EcheckField>>(new Set());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errors = echeckErrors(values);
  const valid = Object.keys(errors).length === 0;

  const close = () => {
    setOpened(false);
    setValues(EMPTY_ECHECK);
    setAliasName('');
    setTouched(new Set());
    setError(null);
  };
  const set = (field: keyof EcheckValues, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: EcheckField) => setTouched((current) => new Set(current).add(field));
  const errorOf = (field: EcheckField) => {
    const found = errors[field];
    return found && touched.has(field)
      ? t(`payments:echeck.errors.${found.key}`, found.values ?? {})
      : undefined;
  };

  const submit = async () => {
    if (!valid || saving || values.accountType === '') return;
    setSaving(true);
    setError(null);
    try {
      await addPaymentProfile({
        profileType: 'ECHECK',
        custNo,
        name: values.name.trim(),
        accountType: values.accountType,
        routingNum: values.routingNumber,
        accountNum: values.accountNumber,
        aliasName: aliasName.trim(),
      });
      await queryClient.invalidateQueries({ queryKey: paymentProfileKeys.all });
      notifications.show({ color: 'teal', message: t('paymentProfiles:bankSaved') });
      close();
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)} data-testid="profile-add-bank">
        {t('paymentProfiles:addBank')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('paymentProfiles:addBank')}
        centered
        data-testid="profile-add-bank-dialog"
      >
        <form
          noValidate
          aria-label={t('paymentProfiles:addBank')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            {error ? (
              <Alert color="red" role="alert" data-testid="profile-add-bank-error">
                {t('paymentProfiles:addBankFailed')} {translateApiError(t, error)}
              </Alert>
            ) : null}
            <TextInput
              label={t('paymentProfiles:columns.alias')}
              maxLength={ALIAS_MAX}
              value={aliasName}
              onChange={(event) => setAliasName(event.currentTarget.value)}
              data-testid="profile-bank-alias"
            />
            <BankAccountFields
              values={values}
              errorOf={errorOf}
              set={set}
              touch={touch}
              withCheckNumber={false}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                {t('paymentProfiles:cancel')}
              </Button>
              <Button type="submit" disabled={!valid} loading={saving} data-testid="profile-add-bank-save">
                {t('paymentProfiles:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
