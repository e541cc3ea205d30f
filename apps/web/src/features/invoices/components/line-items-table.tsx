import { Table, Text } from '@mantine/core';
import type { TInvoiceDetail } from '@settle/shared/invoices';
import { addMoney } from '@settle/shared/money';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFieldValue } from '../../../components/grid/format-field-value';
import classes from '../../../components/grid/grid-table.module.css';
import { useFormatters } from '../../../lib/use-formatters';

type LineItem = TInvoiceDetail['lineItems'][number];
type LineField = TInvoiceDetail['lineItemFields'][number];

const DISPUTE_FIELDS = new Set(['disputedCount', 'disputedAmt']);
/** Quantities read as on the invoice PDF (2.5, 3), not as n2 numbers (2.50, 3.00). */
const QUANTITY_FIELDS = new Set(['qtyShip', 'disputedCount']);

function compareValues(a: unknown, b: unknown, dataType: string): number {
  if (['integer', 'number', 'currency'].includes(dataType)) return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
}

/**
 * The invoice's lines with the columns the server lists, sorted as its sort direction
 * says; each line's extended fields sit in a row under it. Disputed figures need the
 * dispute-view privilege.
 */
export function LineItemsTable(props: {
  detail: TInvoiceDetail;
  currencyCode: string;
  showDisputed: boolean;
}) {
  const { t } = useTranslation('invoices');
  const formatters = useFormatters();
  const fields = props.detail.lineItemFields.filter(
    (field) => props.showDisputed || !DISPUTE_FIELDS.has(field.field),
  );
  const sortField = props.detail.lineItemFields.find((field) => field.sort);
  const lines = [...props.detail.lineItems];
  if (sortField?.sort) {
    const direction = sortField.sort === 'asc' ? 1 : -1;
    lines.sort(
      (a, b) =>
        direction *
        compareValues(
          (a as Record<string, unknown>)[sortField.field],
          (b as Record<string, unknown>)[sortField.field],
          sortField.dataType,
        ),
    );
  }
  const title = (field: LineField) => t(`lineFields.${field.field}`, { defaultValue: field.title });
  const value = (line: LineItem, field: { field: string; dataType: string }, raw?: unknown) => {
    const content = raw ?? (line as Record<string, unknown>)[field.field];
    if (QUANTITY_FIELDS.has(field.field) && content !== '' && !Number.isNaN(Number(content)))
      return { text: formatters.qty(String(content)), numeric: true, negative: Number(content) < 0 };
    return formatFieldValue(content, field.dataType, { formatters, t, currencyCode: props.currencyCode });
  };
  const totalExt = addMoney('0', ...lines.map((line) => line.ext));
  const totalDisputed = addMoney('0', ...lines.map((line) => line.disputedAmt));

  if (lines.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="line-items-empty">
        {t('detail.noLines')}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="line-items">
        <Table.Thead>
          <Table.Tr>
            {fields.map((field) => {
              const numeric = ['integer', 'number', 'currency'].includes(field.dataType);
              return (
                <Table.Th key={field.field} className={numeric ? classes.numeric : undefined}>
                  {title(field)}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Fragment key={line.id}>
              <Table.Tr data-testid={`line-${line.lineNo}`}>
                {fields.map((field) => {
                  const formatted = value(line, field);
                  const className = [
                    formatted.numeric ? classes.numeric : '',
                    formatted.negative ? classes.negative : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <Table.Td key={field.field} className={className || undefined}>
                      {formatted.text}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
              {line.extendedFields.length > 0 ? (
                <Table.Tr data-testid={`line-${line.lineNo}-extended`}>
                  <Table.Td colSpan={fields.length} pt={0}>
                    <Text size="xs" c="dimmed">
                      {line.extendedFields
                        .map((extended) => `${extended.title}: ${value(line, extended, extended.value).text}`)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={classes.totalsRow}>
            {fields.map((field, index) => {
              const total =
                field.field === 'ext' ? totalExt : field.field === 'disputedAmt' ? totalDisputed : null;
              return (
                <Table.Td
                  key={field.field}
                  className={total ? classes.numeric : undefined}
                  data-testid={total ? `lines-total-${field.field}` : undefined}
                >
                  {total
                    ? formatters.c2(total, props.currencyCode)
                    : index === 0
                      ? t('detail.linesTotal')
                      : null}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
