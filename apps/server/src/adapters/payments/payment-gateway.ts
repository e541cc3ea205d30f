/**
 * The payment provider as the payment flows see it (issue 12). Card data never reaches Settle: a checkout
 * runs on the provider's hosted page on its own origin; Settle learns the outcome from a signed notification
 * and, while a payment is still pending, from a status query. Implementations: the sandbox provider (the
 * default; `sandbox/`) and Stripe (`stripe/`), chosen by settings (PAYMENT_PROVIDER).
 *
 * Amounts are integer minor units (cents) so no float rounding reaches a provider.
 */

export type GatewayOutcome =
  | 'SUCCESS'
  | 'PENDING'
  | 'DECLINED'
  | 'EXPIRATION_DATE_INCORRECT'
  | 'FAILED'
  | 'CANCELLED';

export interface StartCheckoutInput {
  /** Settle's reference for this payment; the provider echoes it in notifications and status answers. */
  extTranRefId: string;
  amountMinor: number;
  currency: string;
  kind: 'CREDIT_CARD' | 'DEBIT_CARD';
  /** The payer's interface language for the hosted page ('en' | 'fr'). */
  language: string;
  description: string;
  /** Where the hosted page sends the browser when it is done (a Settle page that closes the window). */
  returnUrl: string;
  /** Idempotency key passed on to the provider, so a retried start never creates two checkouts. */
  idempotencyKey: string;
}

/** What the browser needs to open the hosted page (the spec's serviceURL, serviceMethod, templateProperties). */
export interface StartCheckoutResult {
  providerPaymentId: string;
  serviceURL: string;
  serviceMethod: 'GET' | 'POST';
  templateProperties: Record<string, string>;
}

export interface GatewayPaymentStatus {
  extTranRefId: string;
  providerPaymentId: string;
  outcome: GatewayOutcome;
  /** The provider's own wording, e.g. 'Declined', 'ExpirationDateIncorrect'. */
  responseText: string | null;
  amountMinor: number;
  currency: string;
  trackingNo: string | null;
  authCode: string | null;
  /** Last 4 digits of the card, when known. */
  last4: string | null;
  cardBrand: string | null;
}

export interface VerifiedNotification {
  /** The provider's unique id for this notification: a replay carries the same one. */
  notificationId: string;
  status: GatewayPaymentStatus;
}

export interface SaveCardInput {
  reference: string;
  kind: 'CREDIT_CARD' | 'DEBIT_CARD';
  language: string;
  returnUrl: string;
  idempotencyKey: string;
}

export interface SavedCard {
  /** The provider's token for the card; never a card number. */
  token: string;
  last4: string;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}

export interface ChargeSavedCardInput {
  extTranRefId: string;
  token: string;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly name: string;
  startCheckout(input: StartCheckoutInput): Promise<StartCheckoutResult>;
  /**
   * The provider's current state of a payment. Pass the providerPaymentId Settle kept from the start when
   * it has it: a provider such as Stripe finds a payment by its own id at once, while a search by Settle's
   * reference may lag (the sandbox needs only extTranRefId).
   */
  getPaymentStatus(extTranRefId: string, providerPaymentId?: string): Promise<GatewayPaymentStatus | null>;
  /**
   * Checks the signature (HMAC with a timestamp inside a replay window) of a notification as it arrived:
   * the raw body and the headers. Throws InvalidNotificationSignatureError when it does not verify.
   */
  verifyNotification(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification>;
  /**
   * Gives up a checkout the payer has not finished (the window closed by hand): the provider cancels it
   * unless it already reached an outcome, and answers where it stands now (CANCELLED, or the outcome the
   * payer reached first, e.g. SUCCESS). Null when the provider never heard of it. Safe to call again.
   */
  cancelCheckout(extTranRefId: string, providerPaymentId?: string): Promise<GatewayPaymentStatus | null>;
  /** Starts the hosted "save a card" page (profiles issue 13). */
  startSaveCard(input: SaveCardInput): Promise<StartCheckoutResult>;
  /** Reads the card saved by a finished save-card page (profiles issue 13). */
  getSavedCard(reference: string, providerSessionId?: string): Promise<SavedCard | null>;
  /** Charges a saved card without a hosted page (profiles issue 13). */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<GatewayPaymentStatus>;
}

export class InvalidNotificationSignatureError extends Error {
  constructor(reason: string) {
    super(`Payment notification refused: ${reason}`);
    this.name = 'InvalidNotificationSignatureError';
  }
}

/**
 * A genuine notification (its signature verified) about something the payment flows do not follow, e.g.
 * a Stripe event type Settle did not ask for: answer it 2xx so the provider stops sending it, change nothing.
 */
export class UnhandledNotificationError extends Error {
  constructor(readonly eventType: string) {
    super(`Payment notification ignored: ${eventType} is not an event the payment flows follow`);
    this.name = 'UnhandledNotificationError';
  }
}

export class PaymentGatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The payment provider could not be reached', { cause });
    this.name = 'PaymentGatewayUnavailableError';
  }
}

/**
 * The provider answered but refused the request (a 4xx: a bad amount, a reused idempotency key, an unknown
 * saved card). Unlike PaymentGatewayUnavailableError, retrying the same request will not help.
 */
export class PaymentGatewayRejectedError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(`The payment provider refused the request (${statusCode}): ${message}`);
    this.name = 'PaymentGatewayRejectedError';
  }
}
