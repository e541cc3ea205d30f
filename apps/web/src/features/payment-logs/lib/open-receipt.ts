import { getReceiptPdf } from '../../../lib/receipt-pdf';

/** How long an opened receipt stays addressable in its tab's blob URL. */
const RECEIPT_URL_LIFETIME_MS = 10 * 60_000;

/**
 * Print receipt: the receipt PDF opened in a new tab, where the browser's PDF viewer shows and
 * prints it. The tab is opened inside the click (no pop-up blocker stops it) and filled when the
 * PDF is in; when it was blocked anyway, the PDF is downloaded instead ('downloaded').
 */
export async function openReceipt(
  key: { custNo: string; paymentLogId: number },
  preparingText: string,
): Promise<'opened' | 'downloaded'> {
  const tab = window.open('', '_blank');
  tab?.document.write(`<p style="font-family:sans-serif">${preparingText}</p>`);
  let blob: Blob;
  try {
    blob = await getReceiptPdf(key);
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  if (!tab || tab.closed) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `receipt-${key.paymentLogId}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return 'downloaded';
  }
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), RECEIPT_URL_LIFETIME_MS);
  return 'opened';
}
