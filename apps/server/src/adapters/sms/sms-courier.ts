export type SmsMessage = {
  tenantId?: number;
  /** The complete number: area code and mobile, digits with an optional leading +. */
  to: string;
  body: string;
  /** Parts of the body (codes) kept out of stored and logged copies by real transports. */
  secrets?: readonly string[];
};

/** Sends text messages; the outbox keeps them, the HTTP gateway delivers them. */
export interface SmsCourier {
  readonly transport: string;
  /** Resolves once the message is handed over; rejects with a CourierError otherwise. */
  send(message: SmsMessage): Promise<void>;
}
