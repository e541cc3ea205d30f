import { Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DISPUTE_MESSAGES } from '@settle/shared/disputes';
import type { TInvoiceDetail } from '@settle/shared/invoices';
import { fromMinorUnits } from '@settle/shared/money';
import { checkLineCount, lineDisputedMinor } from '@settle/shared/rules/disputes';
import { useTranslation } from 'react-i18next';
import { translateCatalogueMessage } from '../../../lib/catalogue-message';
import { useFormatters } from '../../../lib/use-formatters';
import { parseDecimalInput } from '../lib/parse-decimal';

type Line = TInvoiceDetail['lineItems'][number];
/** What the user typed per line id. */
export type LineCounts = Readonly<Record<number, string>>;

export interface LineEvaluation {
  /** The count as the rules take it ('0' when the box is empty), or null when it is not a number. */
  count: string | null;
  /** The English message of the rule the count breaks, or null. */
  error: string | null;
  amountMinor: number;
}

export const COUNT_DECIMALS = 3;
const NOT_A_NUMBER = 'notANumber';

/** One line's count against the shared rules, and the amount it disputes (count × price). */
export function evaluateLine(
  line: Pick<Line, 'qtyShip' | 'price'>,
  typed: string | undefined,
): LineEvaluation {
  const text = (typed ?? '').trim();
  const count = text === '' ? '0' : parseDecimalInput(text, COUNT_DECIMALS);
  if (count === null) return { count: null, error: NOT_A_NUMBER, amountMinor: 0 };
  const check = checkLineCount({ qtyShip: line.qtyShip, disputedCount: count });
  return {
    count,
    error: check.ok ? null : check.message,
    amountMinor: check.ok ? lineDisputedMinor({ disputedCount: count, price: line.price }) : 0,
  };
}

/**
 * Disputing by line item (style artran): a disputed count per line, bounded by the quantity
 * shipped; a line that shipped nothing or a negative quantity takes no count. Each line's
 * amount and the total follow the counts as they are typed.
 */
export function LineItemEditor(props: {
  lines: readonly Line[];
  counts: LineCounts;
  currencyCode: string;
  onChange: (lineId: number, typed: string) => void;
}) {
  const { t } = useTranslation('disputes');
  const formatters = useFormatters();
  const evaluations = props.lines.map((line) => evaluateLine(line, props.counts[line.id]));
  const totalMinor = evaluations.reduce((sum, evaluation) => sum + evaluation.amountMinor, 0);
  const message = (error: string) =>
    error === NOT_A_NUMBER
      ? t('messages.notANumber')
      : translateCatalogueMessage(t, DISPUTE_MESSAGES, error, 'messages');
  // A phone cannot show six columns: each line becomes a card with its count box at full width.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const countInput = (line: Line, evaluation: LineEvaluation, label?: string) => {
    const disputable = Number(line.qtyShip) > 0;
    return (
      <TextInput
        size={label ? 'sm' : 'xs'}
        label={label}
        inputMode="decimal"
        value={props.counts[line.id] ?? ''}
        placeholder="0"
        disabled={!disputable}
        title={disputable ? undefined : t('lines.notDisputable')}
        onChange={(event) => props.onChange(line.id, event.currentTarget.value)}
        aria-label={t('lines.countOf', { item: line.item, max: formatters.n2(line.qtyShip) })}
        error={evaluation.error ? message(evaluation.error) : undefined}
        data-testid={`dispute-count-${line.lineNo}`}
        styles={{ input: { textAlign: 'right' } }}
      />
    );
  };
  const total = formatters.c2(fromMinorUnits(totalMinor), props.currencyCode);

  if (narrow) {
    return (
      <Stack gap="xs" data-testid="line-item-editor">
        {props.lines.map((line, index) => {
          const evaluation = evaluations[index]!;
          return (
            <Paper key={line.id} withBorder p="sm" radius="md" data-testid={`dispute-line-${line.lineNo}`}>
              <Text size="sm" fw={600}>
                {line.item} · {line.description}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('lines.qtyShip')}: {formatters.n2(line.qtyShip)} · {t('lines.price')}:{' '}
                {formatters.c2(line.price, props.currencyCode)}
              </Text>
              <Group align="flex-start" justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ flex: 1 }}>{countInput(line, evaluation, t('lines.count'))}</div>
                <Stack gap={0} align="flex-end">
                  <Text size="xs" c="dimmed">
                    {t('lines.amount')}
                  </Text>
                  <Text size="sm" fw={600} data-testid={`dispute-amount-${line.lineNo}`}>
                    {formatters.c2(fromMinorUnits(evaluation.amountMinor), props.currencyCode)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          );
        })}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('lines.total')}
          </Text>
          <Text fw={700} data-testid="dispute-lines-total">
            {total}
          </Text>
        </Group>
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table withTableBorder verticalSpacing={6} fz="sm" data-testid="line-item-editor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('lines.item')}</Table.Th>
            <Table.Th>{t('lines.description')}</Table.Th>
            <Table.Th ta="right">{t('lines.qtyShip')}</Table.Th>
            <Table.Th ta="right">{t('lines.price')}</Table.Th>
            <Table.Th ta="right">{t('lines.count')}</Table.Th>
            <Table.Th ta="right">{t('lines.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.lines.map((line, index) => {
            const evaluation = evaluations[index]!;
            return (
              <Table.Tr key={line.id} data-testid={`dispute-line-${line.lineNo}`}>
                <Table.Td>{line.item}</Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right">{formatters.n2(line.qtyShip)}</Table.Td>
                <Table.Td ta="right">{formatters.c2(line.price, props.currencyCode)}</Table.Td>
                <Table.Td ta="right" w={150}>
                  {countInput(line, evaluation)}
                </Table.Td>
                <Table.Td ta="right" data-testid={`dispute-amount-${line.lineNo}`}>
                  {formatters.c2(fromMinorUnits(evaluation.amountMinor), props.currencyCode)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" fw={600}>
                {t('lines.total')}
              </Text>
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="dispute-lines-total">
              {total}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
