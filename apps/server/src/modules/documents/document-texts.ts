import type { TAgingBucket } from '@settle/shared/dashboard';
import type {
  SHORT_PAY_REASONS,
  TPaymentStatus,
  TPaymentSummary,
  TPaymentType,
} from '@settle/shared/payments';

/**
 * The server's words for the documents it writes (the PDFs, and the statement workbook that
 * shares the statement's words), in English and French: the one place a document's visible text
 * comes from. A document in the reader's language takes `documentTexts(session.user.language)`;
 * a code shown on a document (a status, a payment method, a history event, a short-payment
 * reason, an aging bucket) is looked up in a map keyed by the contract's own list of codes, so
 * that a new code does not compile until it has its words in both languages.
 *
 * Which documents speak the reader's language: the statement (PDF and workbook) and the payment
 * receipt. The invoice document and the grid exports are written in English for every reader
 * (their words are their own modules'); only their page footer comes from here, in English.
 */
export type DocumentLanguage = 'en' | 'fr';

/** 'fr', 'fr-CA', 'FR'... read French; anything else English. */
export function documentLanguage(language: string): DocumentLanguage {
  return language.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

type PaymentEvent = TPaymentSummary['history'][number]['event'];
type ShortPayReason = (typeof SHORT_PAY_REASONS)[number];

export type StatementTexts = {
  title: string;
  customer: string;
  period: string;
  asOf: string;
  openItems: string;
  credits: string;
  payments: string;
  aging: string;
  invoice: string;
  invoiceDate: string;
  dueDate: string;
  amount: string;
  balance: string;
  daysPastDue: string;
  date: string;
  reference: string;
  method: string;
  total: string;
  /** The total line under a list: "Total open items". */
  totalOf: (list: string) => string;
  balanceDue: string;
  /** An empty list. */
  none: string;
  buckets: Record<TAgingBucket, string>;
};

export type ReceiptTexts = {
  title: string;
  status: string;
  reference: string;
  tracking: string;
  authCode: string;
  method: string;
  account: string;
  created: string;
  settled: string;
  customer: string;
  amount: string;
  fee: string;
  total: string;
  note: string;
  contract: string;
  invoices: string;
  invoice: string;
  reason: string;
  history: string;
  onAccount: string;
  statuses: Record<TPaymentStatus, string>;
  /** The payment's history, worded as the receipt dialog words it. */
  events: Record<PaymentEvent, string>;
  shortPayReasons: Record<ShortPayReason, string>;
};

export type DocumentTexts = {
  language: DocumentLanguage;
  /** The page number in the footer of every page of every PDF. */
  pageOf: (page: number, count: number) => string;
  /** Payment methods, as the receipt, the statement and the receipt email name them. */
  paymentMethods: Record<TPaymentType, string>;
  statement: StatementTexts;
  receipt: ReceiptTexts;
};

const EN: DocumentTexts = {
  language: 'en',
  pageOf: (page, count) => `Page ${page} of ${count}`,
  paymentMethods: { CREDIT_CARD: 'Credit card', DEBIT_CARD: 'Debit card', ECHECK: 'Electronic check' },
  statement: {
    title: 'Statement of account',
    customer: 'Customer',
    period: 'Period',
    asOf: 'Statement date',
    openItems: 'Open items',
    credits: 'Credits',
    payments: 'Payments of the period',
    aging: 'Aging',
    invoice: 'Invoice',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    amount: 'Amount',
    balance: 'Balance',
    daysPastDue: 'Days past due',
    date: 'Date',
    reference: 'Reference',
    method: 'Method',
    total: 'Total',
    totalOf: (list) => `Total ${list.toLowerCase()}`,
    balanceDue: 'Balance due',
    none: 'None',
    buckets: {
      current: 'Current',
      days1to30: '1–30 days',
      days31to60: '31–60 days',
      days61to90: '61–90 days',
      over90: 'Over 90 days',
    },
  },
  receipt: {
    title: 'Payment receipt',
    status: 'Status',
    reference: 'Reference',
    tracking: 'Tracking number',
    authCode: 'Authorization code',
    method: 'Method',
    account: 'Account',
    created: 'Started',
    settled: 'Completed',
    customer: 'Customer',
    amount: 'Amount',
    fee: 'Convenience fee',
    total: 'Total charged',
    note: 'Note',
    contract: 'Contract number',
    invoices: 'Invoices paid',
    invoice: 'Invoice',
    reason: 'Short-payment reason',
    history: 'History',
    onAccount: 'On-account payment',
    statuses: {
      SUCCESS: 'Successful',
      FAILURE: 'Declined',
      ERROR: 'Failed',
      CANCELLED: 'Cancelled',
      PENDING: 'Pending',
    },
    events: {
      STARTED: 'Payment started',
      PENDING: 'Pending at the provider',
      SUCCEEDED: 'Payment succeeded',
      FAILED: 'Payment failed',
      CANCELLED: 'Payment cancelled',
      NOTIFICATION_RECEIVED: 'Notification received from the provider',
      STATUS_QUERIED: 'Status checked with the provider',
    },
    shortPayReasons: {
      PRICING: 'Pricing difference',
      QUANTITY: 'Quantity difference',
      DAMAGED: 'Damaged goods',
      NOT_RECEIVED: 'Goods not received',
      CREDIT_EXPECTED: 'Credit expected',
      OTHER: 'Other',
    },
  },
};

const FR: DocumentTexts = {
  language: 'fr',
  pageOf: (page, count) => `Page ${page} sur ${count}`,
  paymentMethods: {
    CREDIT_CARD: 'Carte de crédit',
    DEBIT_CARD: 'Carte de débit',
    ECHECK: 'Chèque électronique',
  },
  statement: {
    title: 'Relevé de compte',
    customer: 'Client',
    period: 'Période',
    asOf: 'Date du relevé',
    openItems: 'Pièces ouvertes',
    credits: 'Avoirs',
    payments: 'Paiements de la période',
    aging: 'Balance âgée',
    invoice: 'Facture',
    invoiceDate: 'Date de facture',
    dueDate: 'Échéance',
    amount: 'Montant',
    balance: 'Solde',
    daysPastDue: 'Jours de retard',
    date: 'Date',
    reference: 'Référence',
    method: 'Moyen',
    total: 'Total',
    totalOf: (list) => `Total des ${list.toLowerCase()}`,
    balanceDue: 'Solde dû',
    none: 'Aucun',
    buckets: {
      current: 'Non échu',
      days1to30: '1 à 30 jours',
      days31to60: '31 à 60 jours',
      days61to90: '61 à 90 jours',
      over90: 'Plus de 90 jours',
    },
  },
  receipt: {
    title: 'Reçu de paiement',
    status: 'Statut',
    reference: 'Référence',
    tracking: 'Numéro de suivi',
    authCode: "Code d'autorisation",
    method: 'Moyen de paiement',
    account: 'Compte',
    created: 'Commencé le',
    settled: 'Terminé le',
    customer: 'Client',
    amount: 'Montant',
    fee: 'Frais de service',
    total: 'Total débité',
    note: 'Note',
    contract: 'Numéro de contrat',
    invoices: 'Factures payées',
    invoice: 'Facture',
    reason: 'Motif du paiement partiel',
    history: 'Historique',
    onAccount: 'Paiement en compte',
    statuses: {
      SUCCESS: 'Réussi',
      FAILURE: 'Refusé',
      ERROR: 'Échoué',
      CANCELLED: 'Annulé',
      PENDING: 'En attente',
    },
    events: {
      STARTED: 'Paiement commencé',
      PENDING: 'En attente chez le prestataire',
      SUCCEEDED: 'Paiement réussi',
      FAILED: 'Paiement échoué',
      CANCELLED: 'Paiement annulé',
      NOTIFICATION_RECEIVED: 'Notification reçue du prestataire',
      STATUS_QUERIED: 'Statut vérifié auprès du prestataire',
    },
    shortPayReasons: {
      PRICING: 'Écart de prix',
      QUANTITY: 'Écart de quantité',
      DAMAGED: 'Marchandise endommagée',
      NOT_RECEIVED: 'Marchandise non reçue',
      CREDIT_EXPECTED: 'Avoir attendu',
      OTHER: 'Autre',
    },
  },
};

const TEXTS: Record<DocumentLanguage, DocumentTexts> = { en: EN, fr: FR };

/** The documents' words in the reader's language (a user's `language`: 'en', 'fr'...). */
export function documentTexts(language: string): DocumentTexts {
  return TEXTS[documentLanguage(language)];
}

/**
 * The words for a code read from the database: the contract types these codes, but a row
 * written by an older or newer version could hold another; it is shown as stored rather than
 * as an empty cell.
 */
export function textOf<K extends string>(words: Record<K, string>, code: string): string {
  return Object.hasOwn(words, code) ? words[code as K] : code;
}
