import type { NachaOrigin } from '../../config';

/** One debit of a customer's bank account: an e-check payment of the portal. */
export type NachaEntry = {
  routingNumber: string;
  accountNumber: string;
  accountType: string | null;
  /** Cents. */
  amountCents: number;
  /** Settle's reference of the payment (extTranRefId), up to 15 characters kept. */
  reference: string;
  name: string;
  /** Whether the account is a business one (CCD); Settle's e-checks carry Savings or Checking, so PPD. */
  business?: boolean;
};

export type NachaFileText = {
  text: string;
  entryCount: number;
  totalDebitCents: number;
  entryHash: string;
};

const RECORD = 94;
const BLOCKING = 10;

/** Letters, digits and the NACHA-allowed punctuation, upper case, accents removed. */
function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase();
}
const alpha = (value: string, size: number) => ascii(value).slice(0, size).padEnd(size, ' ');
const num = (value: number | string, size: number) => String(value).padStart(size, '0').slice(-size);
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** The next banking weekday after the cut-off (holidays are the bank's to move). */
export function effectiveEntryDate(cutoffDate: string): string {
  const day = new Date(`${cutoffDate}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** 27 debits a checking account, 37 a savings one. */
const transactionCode = (accountType: string | null) => (accountType === 'Savings' ? '37' : '27');

function batch(
  origin: NachaOrigin,
  secCode: 'PPD' | 'CCD',
  entries: NachaEntry[],
  batchNumber: number,
  cutoffDate: string,
  firstTrace: number,
) {
  const header =
    '5' +
    '225' +
    alpha(origin.companyName, 16) +
    alpha('', 20) +
    alpha(origin.companyId, 10) +
    secCode +
    alpha(origin.entryDescription, 10) +
    alpha(yymmdd(cutoffDate), 6) +
    yymmdd(effectiveEntryDate(cutoffDate)) +
    '   ' +
    '1' +
    num(origin.odfi, 8) +
    num(batchNumber, 7);
  let hash = 0;
  let debit = 0;
  const lines = entries.map((entry, index) => {
    hash += Number(entry.routingNumber.slice(0, 8));
    debit += entry.amountCents;
    return (
      '6' +
      transactionCode(entry.accountType) +
      entry.routingNumber.slice(0, 8) +
      entry.routingNumber.slice(8, 9) +
      alpha(entry.accountNumber, 17) +
      num(entry.amountCents, 10) +
      alpha(entry.reference, 15) +
      alpha(entry.name, 22) +
      '  ' +
      '0' +
      num(origin.odfi, 8) +
      num(firstTrace + index, 7)
    );
  });
  const entryHash = num(hash % 10_000_000_000, 10);
  const control =
    '8' +
    '225' +
    num(entries.length, 6) +
    entryHash +
    num(debit, 12) +
    num(0, 12) +
    alpha(origin.companyId, 10) +
    alpha('', 19) +
    alpha('', 6) +
    num(origin.odfi, 8) +
    num(batchNumber, 7);
  return { records: [header, ...lines, control], hash, debit };
}

/**
 * A NACHA ACH file: file header, one batch per SEC code (PPD for consumers, CCD for businesses) of
 * debit entries, batch and file controls (counts, entry hash: the sum of the 8-digit routing numbers'
 * last 10 digits, totals), padded with 9s to whole blocks of 10 records of 94 characters.
 */
export function buildNachaFile(
  origin: NachaOrigin,
  options: { cutoffDate: string; createdAt: Date; fileIdModifier?: string },
  entries: NachaEntry[],
): NachaFileText {
  const created = options.createdAt.toISOString();
  const header =
    '1' +
    '01' +
    ` ${num(origin.immediateDestination, 9)}` +
    alpha(origin.immediateOrigin.padStart(10, ' '), 10) +
    yymmdd(created) +
    created.slice(11, 13) +
    created.slice(14, 16) +
    (options.fileIdModifier ?? 'A') +
    '094' +
    '10' +
    '1' +
    alpha(origin.immediateDestinationName, 23) +
    alpha(origin.immediateOriginName, 23) +
    alpha('', 8);
  const groups = (['PPD', 'CCD'] as const)
    .map((sec) => ({ sec, entries: entries.filter((entry) => (sec === 'CCD') === Boolean(entry.business)) }))
    .filter((group) => group.entries.length > 0);
  const records = [header];
  let hash = 0;
  let debit = 0;
  let trace = 1;
  groups.forEach((group, index) => {
    const made = batch(origin, group.sec, group.entries, index + 1, options.cutoffDate, trace);
    trace += group.entries.length;
    records.push(...made.records);
    hash += made.hash;
    debit += made.debit;
  });
  const blocks = Math.ceil((records.length + 1) / BLOCKING);
  const entryHash = num(hash % 10_000_000_000, 10);
  records.push(
    '9' +
      num(groups.length, 6) +
      num(blocks, 6) +
      num(entries.length, 8) +
      entryHash +
      num(debit, 12) +
      num(0, 12) +
      alpha('', 39),
  );
  while (records.length % BLOCKING !== 0) records.push('9'.repeat(RECORD));
  for (const record of records)
    if (record.length !== RECORD) throw new Error(`NACHA record of ${record.length} characters: ${record}`);
  return { text: `${records.join('\n')}\n`, entryCount: entries.length, totalDebitCents: debit, entryHash };
}
