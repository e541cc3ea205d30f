/** Where a dispute opens: dispute/{invNo}/{probId}/{tranId}, or custDispute/{custNo}/{probId} for a customer-level one. */
export function disputePath(dispute: {
  probNo: number;
  custNo: string;
  invNo: string | null;
  tranId: string | null;
  custDispute: boolean;
}): string {
  if (dispute.custDispute || dispute.invNo === null) {
    return `/custDispute/${encodeURIComponent(dispute.custNo)}/${dispute.probNo}`;
  }
  return `/dispute/${encodeURIComponent(dispute.invNo)}/${dispute.probNo}/${encodeURIComponent(dispute.tranId ?? '')}`;
}
