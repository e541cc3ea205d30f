import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PollTarget } from '../hooks/use-payment-poll';

/** The user acknowledges that the card is entered on the provider's page, in a new window. */
export function RedirectAckDialog(props: {
  starting: boolean;
  /** A network failure: the same attempt (and Idempotency-Key) can be sent again. */
  networkFailed: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payments');
  return (
    <Modal opened onClose={props.onCancel} title={t('acknowledge.title')} centered data-testid="payment-ack">
      <Stack gap="md">
        <Text size="sm">{t('acknowledge.text')}</Text>
        <Text size="sm" c="dimmed">
          {t('acknowledge.keepOpen')}
        </Text>
        {props.networkFailed ? (
          <Alert color="red" role="alert" data-testid="payment-ack-error">
            {t('acknowledge.networkFailed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={props.onCancel}
            disabled={props.starting}
            data-testid="ack-cancel"
          >
            {t('summary.cancel')}
          </Button>
          <Button onClick={props.onConfirm} loading={props.starting} data-testid="ack-confirm">
            {props.networkFailed ? t('acknowledge.retry') : t('acknowledge.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** While the provider's window is open (or a local payment is pending): the page polls by itself. */
export function WaitingDialog(props: { target: PollTarget; onCancel: () => void }) {
  const { t } = useTranslation('payments');
  const watched = props.target.window;
  return (
    <Modal
      opened
      onClose={props.onCancel}
      title={t('waiting.title')}
      centered
      closeOnClickOutside={false}
      data-testid="payment-waiting"
    >
      <Stack gap="md" align="center">
        <Loader size="md" aria-hidden="true" />
        <Text size="sm" role="status">
          {watched ? t('waiting.text') : t('waiting.pendingLocal')}
        </Text>
        <Group justify="center">
          {watched ? (
            <Button variant="default" onClick={() => watched.focus()} data-testid="waiting-show-window">
              {t('waiting.showWindow')}
            </Button>
          ) : null}
          {watched ? (
            <Button variant="subtle" color="red" onClick={props.onCancel} data-testid="waiting-cancel">
              {t('waiting.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Shown over the page while the cart is checked and the provider's settings are read. */
export function PreparingDialog() {
  const { t } = useTranslation('payments');
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      title={t('preparing')}
      centered
      size="xs"
      data-testid="payment-preparing"
    >
      <Group justify="center">
        <Loader size="sm" aria-label={t('preparing')} />
      </Group>
    </Modal>
  );
}
