import { Group, Radio, TextInput } from '@mantine/core';
import { ACCOUNT_TYPES, ECHECK_LIMITS } from '@settle/shared/payments';
import type { EcheckField, EcheckValues } from '@settle/shared/rules/echeck-account';
import { useTranslation } from 'react-i18next';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * The bank account fields of the e-check payment form and of "add a bank account" (one layout,
 * one set of rules: @settle/shared/rules/echeck-account). Messages show once a field is touched.
 */
export function BankAccountFields(props: {
  values: EcheckValues;
  errorOf: (field: EcheckField) => string | undefined;
  set: (field: keyof EcheckValues, value: string) => void;
  touch: (field: EcheckField) => void;
  /** The check number belongs to a payment, not to a saved account. */
  withCheckNumber: boolean;
}) {
  const { t } = useTranslation('payments');
  const { values, errorOf, set, touch } = props;
  return (
    <>
      <TextInput
        label={t('echeck.name')}
        required
        maxLength={ECHECK_LIMITS.name}
        autoComplete="name"
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        onBlur={() => touch('name')}
        error={errorOf('name')}
        description={t('echeck.counter', { count: values.name.length, max: ECHECK_LIMITS.name })}
        data-testid="echeck-name"
      />
      <Radio.Group
        label={t('echeck.accountType')}
        required
        value={values.accountType}
        onChange={(value) => {
          set('accountType', value);
          touch('accountType');
        }}
        error={errorOf('accountType')}
      >
        <Group gap="lg" mt={4}>
          {ACCOUNT_TYPES.map((type) => (
            <Radio key={type} value={type} label={t(`echeck.${type}`)} data-testid={`echeck-type-${type}`} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label={t('echeck.routingNumber')}
        required
        inputMode="numeric"
        maxLength={ECHECK_LIMITS.routingNumber}
        value={values.routingNumber}
        onChange={(event) => set('routingNumber', digitsOnly(event.currentTarget.value))}
        onBlur={() => touch('routingNumber')}
        error={errorOf('routingNumber')}
        data-testid="echeck-routing"
      />
      <TextInput
        label={t('echeck.accountNumber')}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={ECHECK_LIMITS.accountNumber}
        value={values.accountNumber}
        onChange={(event) => set('accountNumber', digitsOnly(event.currentTarget.value))}
        onBlur={() => touch('accountNumber')}
        error={errorOf('accountNumber')}
        data-testid="echeck-account"
      />
      {props.withCheckNumber ? (
        <TextInput
          label={t('echeck.checkNumber')}
          inputMode="numeric"
          maxLength={ECHECK_LIMITS.checkNumber}
          value={values.checkNumber}
          onChange={(event) => set('checkNumber', digitsOnly(event.currentTarget.value))}
          onBlur={() => touch('checkNumber')}
          error={errorOf('checkNumber')}
          data-testid="echeck-check"
        />
      ) : null}
    </>
  );
}
