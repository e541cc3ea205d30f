/**
 * The payment approver flag of a user's customer links, as the provider's users load sets it (issue 17,
 * per link since): `approver` speaks for every link of the row, `approverCustNos` for each link, and a
 * row with neither leaves each link as it is.
 */
export type ApproverFields = { approver?: boolean; approverCustNos?: string[] };

/** The approverCustNos that are not among the row's custNos: a flag for a link the row does not keep. */
export function approverOutsideLinks(row: { custNos: string[]; approverCustNos?: string[] }): string[] {
  return (row.approverCustNos ?? []).filter((custNo) => !row.custNos.includes(custNo));
}

/**
 * Whether the link to custNo approves: the row's flag for every link, else whether custNo is one of
 * approverCustNos, else the stored flag (a new link: none, so a load never makes an approver unasked).
 */
export function approverFlagOf(row: ApproverFields, custNo: string, stored: boolean | undefined): boolean {
  if (row.approver !== undefined) return row.approver;
  if (row.approverCustNos !== undefined) return row.approverCustNos.includes(custNo);
  return stored ?? false;
}
