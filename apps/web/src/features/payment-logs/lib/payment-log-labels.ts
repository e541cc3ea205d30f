import type { TPaymentStatus } from '@settle/shared/payments';

/** The status badge colours: AA contrast with Mantine's light variant in both schemes. */
export const STATUS_COLOR: Record<TPaymentStatus, string> = {
  SUCCESS: 'teal',
  ERROR: 'red',
  FAILURE: 'red',
  CANCELLED: 'gray',
  PENDING: 'yellow',
};

/** The fields whose codes are shown as translated words (paymentLogs:values.<field>.<code>). */
export const CODED_FIELDS = new Set(['status', 'methodType', 'paymentType', 'transactionType']);
