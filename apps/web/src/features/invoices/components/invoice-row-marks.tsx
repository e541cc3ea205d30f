import { type InvoiceMarkFacts, invoiceMarks } from '@settle/shared/rules/invoice-marks';
import type { TFunction } from 'i18next';
import classes from './invoice-grid.module.css';
import { MARK_ICONS, markTexts } from './invoice-mark-badges';

/**
 * A grid row's marks: the short words and an icon, the full words as the title and for screen
 * readers, so that colour is never the only cue. Plain spans coloured in CSS (the badges'
 * colours, invoice-grid.module.css) and a function, not a component: 50 rows of Mantine badges
 * and their hooks were a good part of a page's drawing time.
 */
export function invoiceRowMarks(options: {
  invoice: InvoiceMarkFacts;
  /** The server's today; without it (still loading) no marks show. */
  today: string | undefined;
  t: TFunction<'invoices'>;
  date: (isoDate: string) => string;
}) {
  if (!options.today) return null;
  const marks = invoiceMarks(options.invoice, options.today);
  if (marks.length === 0) return null;
  return (
    <span className={classes.marks} data-testid="invoice-marks">
      {marks.map((mark) => {
        const { full, short } = markTexts(mark, options.t, options.date);
        return (
          <span key={mark.kind} className={classes.mark} data-mark={mark.kind} title={full}>
            {MARK_ICONS[mark.kind](12)}
            {short ? <span aria-hidden="true">{short}</span> : null}
            <span className={classes.visuallyHidden}>{full}</span>
          </span>
        );
      })}
    </span>
  );
}
