import { Badge, Group, type MantineColor, VisuallyHidden } from '@mantine/core';
import { type InvoiceMark, type InvoiceMarkFacts, invoiceMarks } from '@settle/shared/rules/invoice-marks';
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

const LOOK: Record<InvoiceMark['kind'], { color: MantineColor; icon: (size: number) => ReactNode }> = {
  overdue: { color: 'red', icon: (size) => <OverdueIcon size={size} /> },
  comingDue: { color: 'yellow', icon: (size) => <ComingDueIcon size={size} /> },
  credit: { color: 'teal', icon: (size) => <CreditIcon size={size} /> },
  paymentPending: { color: 'orange', icon: (size) => <PaymentPendingIcon size={size} /> },
  promised: { color: 'blue', icon: (size) => <PromiseIcon size={size} /> },
  disputed: { color: 'grape', icon: (size) => <DisputeIcon size={size} /> },
};

/**
 * The invoice's marks (overdue, coming due, credit, payment pending, promised, disputed) from the shared rule,
 * each a badge with an icon and words, so that colour is never the only cue. The grid shows
 * the short words (its full text is the badge's title and what screen readers hear).
 */
export function InvoiceMarkBadges(props: {
  invoice: InvoiceMarkFacts;
  /** The server's today; without it (still loading) no marks show. */
  today: string | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation('invoices');
  const { date } = useFormatters();
  if (!props.today) return null;
  const marks = invoiceMarks(props.invoice, props.today);
  if (marks.length === 0) return null;

  const texts = (mark: InvoiceMark): { full: string; short: string } => {
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
  };

  return (
    <Group gap={4} wrap={props.compact ? 'nowrap' : 'wrap'} component="span" data-testid="invoice-marks">
      {marks.map((mark) => {
        const { full, short } = texts(mark);
        const look = LOOK[mark.kind];
        return (
          <Badge
            key={mark.kind}
            component="span"
            variant="light"
            color={look.color}
            size={props.compact ? 'sm' : 'md'}
            leftSection={props.compact && !short ? undefined : look.icon(props.compact ? 12 : 14)}
            px={props.compact && !short ? 4 : undefined}
            title={props.compact ? full : undefined}
            data-mark={mark.kind}
            styles={{ label: { textTransform: 'none', overflow: 'visible' }, root: { flexShrink: 0 } }}
          >
            {props.compact && !short ? look.icon(12) : null}
            {props.compact ? (
              <>
                {short ? <span aria-hidden="true">{short}</span> : null}
                <VisuallyHidden>{full}</VisuallyHidden>
              </>
            ) : (
              full
            )}
          </Badge>
        );
      })}
    </Group>
  );
}
