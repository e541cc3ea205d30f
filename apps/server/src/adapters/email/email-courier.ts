export type EmailMessage = {
  tenantId?: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Parts of the message (codes, links) kept out of stored and logged copies by real transports. */
  secrets?: readonly string[];
};

/** Sends email; the outbox keeps it, SMTP delivers it. */
export interface EmailCourier {
  readonly transport: string;
  /** Resolves once the message is handed over; rejects with a CourierError otherwise. */
  send(message: EmailMessage): Promise<void>;
}
