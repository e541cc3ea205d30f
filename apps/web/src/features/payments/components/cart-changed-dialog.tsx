import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import type { TValidateCartResponse } from '../api/validate-cart';

/** validateCart found lines that changed since the cart was read: they are listed and nothing is paid. */
export function CartChangedDialog(props: {
  changed: TValidateCartResponse['changed'];
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('payments');
  const { c2 } = useFormatters();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('changed.title')}
      centered
      size="lg"
      data-testid="cart-changed"
    >
      <Stack gap="md">
        <Text size="sm">{t('changed.text')}</Text>
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" withTableBorder data-testid="cart-changed-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('changed.invNo')}</Table.Th>
                <Table.Th ta="right">{t('changed.balance')}</Table.Th>
                <Table.Th ta="right">{t('changed.payment')}</Table.Th>
                <Table.Th>{t('changed.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.changed.map((line) => (
                <Table.Tr key={line.invNo} data-testid={`cart-changed-${line.invNo}`}>
                  <Table.Td>{line.invNo}</Table.Td>
                  <Table.Td ta="right">{c2(line.balance, props.currency)}</Table.Td>
                  <Table.Td ta="right">{c2(line.payment, props.currency)}</Table.Td>
                  <Table.Td>{line.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button onClick={props.onClose} data-testid="cart-changed-close">
            {t('changed.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
