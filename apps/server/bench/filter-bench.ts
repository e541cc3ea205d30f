import { parseFilter } from '@settle/shared/search/parse-filter';
import type { SessionContext } from '../src/modules/auth/session.service';
import { INVOICE_FIELDS } from '../src/modules/invoices/invoice-fields';
import { buildFilterWhere } from '../src/modules/search/filter-helper';
import type { Services } from '../src/services';
import { describeTimes, timeIt } from './stats';

/** A 20-criterion filter of the kind the panel produces: nested groups over every type. */
export const TWENTY_CRITERIA = [
  "(substringof('PO-1',poNumber) or startswith(invNo,'BULK-00') or endswith(tranId,'7'))",
  '(amount ge 100 and amount le 4000) and balance gt 0 and disputeAmount eq 0 and paidAmount lt 5000',
  "(dueDate ge datetime'2025-01-01T00:00:00' and dueDate le datetime'2027-12-31T00:00:00')",
  "(invoiceDate gt datetime'2024-06-01T00:00:00' or invoiceDate lt datetime'2030-01-01T00:00:00')",
  "promise eq false and paymentPending eq false and not(substringof('zzz',terms))",
  "(terms eq 'Net 30' or terms eq 'Net 45' or terms eq 'Net 60') and promisedAmount le 1000000",
  "tranBal ge 0 and not(startswith(poNumber,'X'))",
].join(' and ');

export async function benchFilters(options: { services: Services; session: SessionContext; runs: number }) {
  const parse = await timeIt(1000, () => buildFilterWhere(TWENTY_CRITERIA, INVOICE_FIELDS));
  const terms = JSON.stringify(parseFilter(TWENTY_CRITERIA)).match(/"kind":"(compare|call)"/g)?.length ?? 0;
  console.log(`parse + compile of a ${terms}-term filter: ${describeTimes(parse)}`);
  const filtered = await timeIt(Math.max(20, options.runs / 4), (run) =>
    options.services.invoices.list(options.session, {
      status: 'O',
      page: 1 + (run % 5),
      pageSize: 50,
      sort: 'dueDate',
      dir: 'asc',
      filter: TWENTY_CRITERIA,
    }),
  );
  const sample = await options.services.invoices.list(options.session, {
    status: 'O',
    page: 1,
    pageSize: 50,
    sort: 'dueDate',
    dir: 'asc',
    filter: TWENTY_CRITERIA,
  });
  console.log(`grid page of 50 with that filter (${sample.total} matching): ${describeTimes(filtered)}`);
}
