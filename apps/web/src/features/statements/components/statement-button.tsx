import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatementDialog } from './statement-dialog';

/**
 * "Statement of account": opens the dialog for a customer and currency. `today` is the server
 * date (the app passes it); the button waits for it.
 */
export function StatementButton(props: { custNo: string; currencyCode: string; today: string | undefined }) {
  const { t } = useTranslation('statements');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => setOpened(true)}
        disabled={!props.today}
        data-testid="statement-open"
      >
        {t('open')}
      </Button>
      {opened && props.today ? (
        <StatementDialog
          opened
          onClose={() => setOpened(false)}
          custNo={props.custNo}
          currencyCode={props.currencyCode}
          today={props.today}
        />
      ) : null}
    </>
  );
}
