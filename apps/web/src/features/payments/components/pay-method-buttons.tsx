import { Alert, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { ECHECK_CURRENCY, type TPaymentConfig, type TPaymentType } from '@settle/shared/payments';
import { useTranslation } from 'react-i18next';

/** The methods the tenant's configuration offers for this currency; e-check in US dollars only. */
export function offeredMethods(config: TPaymentConfig, currency: string): TPaymentType[] {
  const methods: TPaymentType[] = [];
  if (config.allowCreditCard) methods.push('CREDIT_CARD');
  if (config.allowDebitCard) methods.push('DEBIT_CARD');
  if (config.allowECheck && currency === ECHECK_CURRENCY) methods.push('ECHECK');
  return methods;
}

/**
 * The pay buttons of the configuration. A button that cannot be used yet stays focusable and
 * says why in its tooltip (and in words under the buttons), rather than being silently grey.
 */
export function PayMethodButtons(props: {
  config: TPaymentConfig | undefined;
  configFailed: boolean;
  currency: string;
  /** Whether paying is possible now (cart total above 0, or a valid on-account form). */
  enabled: boolean;
  disabledReason: string;
  busyType: TPaymentType | null;
  /**
   * The type of the saved profile selected in the profile panels: the hosted card buttons and the
   * other types' buttons are then disabled (the spec's profile panels).
   */
  profileType?: TPaymentType | null;
  onChoose: (paymentType: TPaymentType) => void;
}) {
  const { t } = useTranslation('payments');
  if (props.configFailed) {
    return (
      <Alert color="red" data-testid="pay-config-failed">
        {t('methods.configFailed')}
      </Alert>
    );
  }
  if (!props.config) return <Skeleton height={36} width={260} data-testid="pay-buttons-loading" />;
  const methods = offeredMethods(props.config, props.currency);
  const echeckRefused = props.config.allowECheck && props.currency !== ECHECK_CURRENCY;
  const busy = props.busyType !== null;
  const profileType = props.profileType ?? null;
  const blockedByProfile = (method: TPaymentType) =>
    profileType !== null && (method !== 'ECHECK' || profileType !== 'ECHECK');

  return (
    <Stack gap={4} align="flex-end">
      <Group gap="sm" role="group" aria-label={t('methods.label')} data-testid="pay-buttons">
        {methods.map((method) => {
          const blocked = blockedByProfile(method);
          const unusable = !props.enabled || busy || blocked;
          const reason = blocked ? t('methods.profileSelected') : props.disabledReason;
          const button = (
            <Button
              key={method}
              data-disabled={unusable || undefined}
              aria-disabled={unusable || undefined}
              loading={props.busyType === method}
              onClick={(event) => {
                if (unusable) {
                  event.preventDefault();
                  return;
                }
                props.onChoose(method);
              }}
              data-testid={`pay-${method}`}
            >
              {t(`methods.${method}`)}
            </Button>
          );
          return props.enabled && !blocked ? (
            button
          ) : (
            <Tooltip key={method} label={reason} withArrow>
              {button}
            </Tooltip>
          );
        })}
      </Group>
      {methods.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="pay-none">
          {t('methods.noneAllowed')}
        </Text>
      ) : null}
      {props.enabled && methods.some(blockedByProfile) ? (
        <Text size="sm" c="dimmed" data-testid="pay-profile-selected">
          {t('methods.profileSelected')}
        </Text>
      ) : null}
      {!props.enabled && methods.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="pay-disabled-reason">
          {props.disabledReason}
        </Text>
      ) : null}
      {echeckRefused ? (
        <Text size="sm" c="dimmed" data-testid="pay-echeck-usd-only">
          {t('methods.echeckUsdOnly')}
        </Text>
      ) : null}
    </Stack>
  );
}
