import { Badge, Group, type MantineColor } from '@mantine/core';
import { type InvoiceMark, type InvoiceMarkFacts, invoiceMarks } from '@settle/shared/rules/invoice-marks';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import {
  ComingDueIcon,
  CreditIcon,
  DisputeIcon,
  OverdueIcon,
  PaymentPendingIcon,
  PromiseIcon,
} from './action-icons';

export const MARK_ICONS: Record<InvoiceMark['kind'], (size: number) => ReactNode> = {
  overdue: (size) => <OverdueIcon size={size} />,
  comingDue: (size) => <ComingDueIcon size={size} />,
  credit: (size) => <CreditIcon size={size} />,
  paymentPending: (size) => <PaymentPendingIcon size={size} />,
  promised: (size) => <PromiseIcon size={size} />,
  disputed: (size) => <DisputeIcon size={size} />,
};

/** Each mark's colour; the grid's plain marks (invoice-row-marks.tsx) take the same ones in CSS. */
export const MARK_COLORS: Record<InvoiceMark['kind'], MantineColor> = {
  overdue: 'red',
  comingDue: 'yellow',
  credit: 'teal',
  paymentPending: 'orange',
  promised: 'blue',
  disputed: 'grape',
};

/**
 * The invoice's marks (overdue, coming due, credit, payment pending, promised, disputed) from the shared rule,
 * each a badge with an icon and words, so that colour is never the only cue (the detail page;
 * the grid draws its rows' marks in plain HTML, invoice-row-marks.tsx).
 */
export function InvoiceMarkBadges(props: {
  invoice: InvoiceMarkFacts;
  /** The server's today; without it (still loading) no marks show. */
  today: string | undefined;
}) {
  const { t } = useTranslation('invoices');
  const { date } = useFormatters();
  if (!props.today) return null;
  const marks = invoiceMarks(props.invoice, props.today);
  if (marks.length === 0) return null;

  return (
    <Group gap={4} wrap="wrap" component="span" data-testid="invoice-marks">
      {marks.map((mark) => (
        <Badge
          key={mark.kind}
          component="span"
          variant="light"
          color={MARK_COLORS[mark.kind]}
          size="md"
          leftSection={MARK_ICONS[mark.kind](14)}
          data-mark={mark.kind}
          styles={{ label: { textTransform: 'none', overflow: 'visible' }, root: { flexShrink: 0 } }}
        >
          {markTexts(mark, t, date).full}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A mark's words: the full ones (the detail page, the grid's title and what screen readers hear)
 * and the grid's short ones (empty: the icon alone shows).
 */
export function markTexts(
  mark: InvoiceMark,
  t: TFunction<'invoices'>,
  date: (isoDate: string) => string,
): { full: string; short: string } {
  switch (mark.kind) {
    case 'overdue':
      return {
        full: t('marks.overdue', { count: mark.days }),
        short: t('marks.overdueShort', { count: mark.days }),
      };
    case 'comingDue':
      return mark.days === 0
        ? { full: t('marks.dueToday'), short: t('marks.dueTodayShort') }
        : {
            full: t('marks.comingDue', { count: mark.days }),
            short: t('marks.comingDueShort', { count: mark.days }),
          };
    // In the grid, promised and disputed are shown by their icon alone (the full words are the
    // title and what screen readers hear), so that the due mark keeps its room.
    case 'promised':
      return {
        full: mark.date ? t('detail.promisedUntil', { date: date(mark.date) }) : t('detail.promised'),
        short: '',
      };
    case 'disputed':
      return { full: t('marks.disputed'), short: '' };
    case 'paymentPending':
      return { full: t('marks.paymentPending'), short: '' };
    default:
      return { full: t(`marks.${mark.kind}`), short: t(`marks.${mark.kind}`) };
  }
}
