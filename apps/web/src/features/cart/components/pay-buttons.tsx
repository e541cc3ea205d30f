import { Button, Group, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Electronic check is offered for US dollars only. */
const ECHECK_CURRENCY = 'USD';

/**
 * The pay buttons, shown but disabled: paying (hosted checkout, e-check) comes in a later
 * release. They stay focusable so that the tooltip tells every user why.
 */
export function PayButtons({ currencyCode }: { currencyCode: string }) {
  const { t } = useTranslation('cart');
  const methods = [
    { key: 'card', label: t('pay.card') },
    { key: 'debit', label: t('pay.debit') },
    ...(currencyCode === ECHECK_CURRENCY ? [{ key: 'echeck', label: t('pay.echeck') }] : []),
  ];
  return (
    <Group gap="sm" data-testid="pay-buttons">
      {methods.map((method) => (
        <Tooltip key={method.key} label={t('pay.later')} withArrow>
          <Button
            data-disabled
            aria-disabled="true"
            onClick={(event) => event.preventDefault()}
            data-testid={`pay-${method.key}`}
          >
            {method.label}
          </Button>
        </Tooltip>
      ))}
    </Group>
  );
}
