import type { TAgingBucket } from '@settle/shared/dashboard';
import { DISPUTE_STATUS_NAMES, type TDisputeStatusCode } from '@settle/shared/disputes';
import type { TInvoiceStatus } from '@settle/shared/invoices';
import type { PAYMENT_LOG_TRANSACTION_TYPES } from '@settle/shared/payment-logs';
import type {
  SHORT_PAY_REASONS,
  TPaymentMethodType,
  TPaymentStatus,
  TPaymentSummary,
  TPaymentType,
} from '@settle/shared/payments';

/**
 * The server's words for the documents it writes (the PDFs and the workbooks), in English and
 * French: the one place a document's visible text comes from. Every document is written for its
 * reader: `documentReader(session.user)` gives the reader's language (users.language) and
 * formatting locale (users.localeForFormatting); the renderer takes its words from
 * `documentTexts(reader.language)` and formats amounts and dates with the shared formatters
 * (@settle/shared/format) in `reader.locale`. A code shown on a document (a status, a payment
 * method, a history event, a short-payment reason, an aging bucket) is looked up in a map keyed
 * by the contract's own list of codes, so that a new code does not compile until it has its
 * words in both languages.
 *
 * The documents written this way: the invoice document (one invoice or a print of up to 50),
 * the statement (PDF and workbook), the payment receipt, and the grid exports (PDF and Excel) of
 * the invoice, dispute and payment log grids, whose column titles are here, keyed by the grids'
 * field names (the web app has its own copy of them in its locale files; a test keeps the two
 * the same). What a document shows as it is stored (company names, descriptions, a tenant's
 * dispute reasons, extended fields' titles, a filter's text) is data, not words.
 */
export type DocumentLanguage = 'en' | 'fr';

/** 'fr', 'fr-CA', 'FR'... read French; anything else English. */
export function documentLanguage(language: string): DocumentLanguage {
  return language.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** Whom a document is written for: the words of `language`, amounts and dates in `locale`. */
export type DocumentReader = { language: string; locale: string };

/**
 * The reader of a document asked for in a session: the user's language and formatting locale,
 * read with the session. Every document a user asks for takes its reader from here.
 */
export function documentReader(user: { language: string; localeForFormatting: string }): DocumentReader {
  return { language: user.language, locale: user.localeForFormatting };
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

/** The invoice document: one invoice, or several each from a new page. */
export type InvoiceTexts = {
  /** "Invoice INV-1": the document's title with one invoice, and each page's footer. */
  invoiceNo: (invNo: string) => string;
  /** The document's title with several invoices. */
  invoicesCount: (count: number) => string;
  /** The big word at the top right. */
  heading: string;
  /** Under the heading: "No. INV-1". */
  number: (invNo: string) => string;
  billTo: string;
  shipTo: string;
  customerNo: (custNo: string) => string;
  facts: {
    invoiceNumber: string;
    transaction: string;
    invoiceDate: string;
    dueDate: string;
    terms: string;
    poNumber: string;
    salesRep: string;
    shipVia: string;
    currency: string;
    status: string;
  };
  statuses: Record<TInvoiceStatus, string>;
  columns: { item: string; description: string; qty: string; price: string; ext: string };
  noLines: string;
  /** A line's extended field under its description (the field's title is the tenant's own). */
  field: (title: string, value: string) => string;
  /** The heading of a page the invoice runs on to. */
  continued: (invNo: string) => string;
  totals: { amount: string; paid: string; disputed: string; balanceDue: string };
  allAmountsIn: (currencyCode: string) => string;
};

/** The grids an export is made of: the invoice, dispute and payment log grids. */
export type ExportGridName = 'invoices' | 'disputes' | 'paymentLogs';

type PaymentLogTransactionType = (typeof PAYMENT_LOG_TRANSACTION_TYPES)[number];

/** The grid exports (PDF and Excel). */
export type ExportTexts = {
  /** Each grid's column titles, keyed by the grid's field names: every exportable field has one. */
  columns: Record<ExportGridName, Readonly<Record<string, string>>>;
  /** The PDF's heading: `party` is "Company (custNo)". */
  titles: {
    openInvoices: (party: string) => string;
    closedInvoices: (party: string) => string;
    disputes: (party: string) => string;
    payments: (party: string) => string;
  };
  /** The PDF's footer after the seller's name: "Invoices of C10001 (USD)". */
  footers: Record<ExportGridName, (custNo: string, currencyCode: string) => string>;
  /** The workbook's sheet. */
  sheetNames: Record<ExportGridName, string>;
  /** "12 invoices": `count` decides the plural, `formatted` is the count as the reader writes it. */
  rowCounts: Record<ExportGridName, (count: number, formatted: string) => string>;
  /** The total line of the PDF: "Total: 12 invoices". */
  total: (rows: string) => string;
  amountsIn: (currencyCode: string) => string;
  exportedOn: (date: string) => string;
  filter: (filter: string) => string;
  /** The heading of every page after the first. */
  continued: (title: string) => string;
  yes: string;
  no: string;
  /** The words of coded cells, as the grids show them. */
  values: {
    disputeStatus: Record<TDisputeStatusCode, string>;
    paymentStatus: Record<TPaymentStatus, string>;
    methodType: Record<TPaymentMethodType, string>;
    transactionType: Record<PaymentLogTransactionType, string>;
  };
};

export type DocumentTexts = {
  language: DocumentLanguage;
  /** The page number in the footer of every page of every PDF. */
  pageOf: (page: number, count: number) => string;
  /** Payment methods, as the receipt, the statement and the receipt email name them. */
  paymentMethods: Record<TPaymentType, string>;
  statement: StatementTexts;
  receipt: ReceiptTexts;
  invoice: InvoiceTexts;
  exports: ExportTexts;
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
  invoice: {
    invoiceNo: (invNo) => `Invoice ${invNo}`,
    invoicesCount: (count) => `Invoices (${count})`,
    heading: 'INVOICE',
    number: (invNo) => `No. ${invNo}`,
    billTo: 'BILL TO',
    shipTo: 'SHIP TO',
    customerNo: (custNo) => `Customer no. ${custNo}`,
    facts: {
      invoiceNumber: 'Invoice number',
      transaction: 'Transaction',
      invoiceDate: 'Invoice date',
      dueDate: 'Due date',
      terms: 'Terms',
      poNumber: 'PO number',
      salesRep: 'Sales representative',
      shipVia: 'Ship via',
      currency: 'Currency',
      status: 'Status',
    },
    statuses: { O: 'Open', C: 'Closed' },
    columns: { item: 'Item', description: 'Description', qty: 'Qty', price: 'Price', ext: 'Extended' },
    noLines: 'No line items.',
    field: (title, value) => `${title}: ${value}`,
    continued: (invNo) => `Invoice ${invNo} (continued)`,
    totals: { amount: 'Amount', paid: 'Paid', disputed: 'Disputed', balanceDue: 'Balance due' },
    allAmountsIn: (currencyCode) => `All amounts in ${currencyCode}.`,
  },
  exports: {
    columns: {
      invoices: {
        invNo: 'Invoice number',
        tranId: 'Transaction id',
        invoiceDate: 'Invoice date',
        dueDate: 'Due date',
        amount: 'Amount',
        balance: 'Balance',
        tranBal: 'Transaction balance',
        disputeAmount: 'Disputed',
        paidAmount: 'Paid',
        promisedAmount: 'Promised amount',
        paymentPending: 'Payment pending',
        promise: 'Promised',
        nextFollowupDate: 'Follow-up date',
        poNumber: 'PO number',
        terms: 'Terms',
      },
      disputes: {
        probNo: 'Dispute number',
        invNo: 'Invoice number',
        invoiceDate: 'Invoice date',
        dueDate: 'Due date',
        originalAmount: 'Amount',
        disputedAmount: 'Disputed amount',
        status: 'Status',
        reasonDisplay: 'Reason',
        createdOn: 'Opened',
      },
      paymentLogs: {
        createdAt: 'Date',
        paymentLogId: 'Payment number',
        transactionType: 'Type',
        methodType: 'Method',
        accountMasked: 'Account',
        amount: 'Amount',
        fee: 'Fee',
        total: 'Total',
        status: 'Status',
        invoiceCount: 'Invoices',
        trackingNo: 'Tracking number',
        authCode: 'Authorization code',
        payerName: 'Paid by',
        note: 'Note',
        contractNumber: 'Contract number',
      },
    },
    titles: {
      openInvoices: (party) => `Open invoices of ${party}`,
      closedInvoices: (party) => `Closed invoices of ${party}`,
      disputes: (party) => `Disputes of ${party}`,
      payments: (party) => `Payments of ${party}`,
    },
    footers: {
      invoices: (custNo, currencyCode) => `Invoices of ${custNo} (${currencyCode})`,
      disputes: (custNo, currencyCode) => `Disputes of ${custNo} (${currencyCode})`,
      paymentLogs: (custNo, currencyCode) => `Payments of ${custNo} (${currencyCode})`,
    },
    sheetNames: { invoices: 'Invoices', disputes: 'Disputes', paymentLogs: 'Payments' },
    rowCounts: {
      invoices: (count, formatted) => `${formatted} ${count === 1 ? 'invoice' : 'invoices'}`,
      disputes: (count, formatted) => `${formatted} ${count === 1 ? 'dispute' : 'disputes'}`,
      paymentLogs: (count, formatted) => `${formatted} ${count === 1 ? 'payment' : 'payments'}`,
    },
    total: (rows) => `Total: ${rows}`,
    amountsIn: (currencyCode) => `Amounts in ${currencyCode}`,
    exportedOn: (date) => `Exported ${date}`,
    filter: (filter) => `Filter: ${filter}`,
    continued: (title) => `${title} (continued)`,
    yes: 'Yes',
    no: 'No',
    values: {
      // The specification's names, as the grid shows them in English.
      disputeStatus: DISPUTE_STATUS_NAMES,
      paymentStatus: {
        SUCCESS: 'Successful',
        ERROR: 'Error',
        FAILURE: 'Failed',
        CANCELLED: 'Cancelled',
        PENDING: 'Pending',
      },
      methodType: {
        CARD: 'Card',
        CARD_PROFILE: 'Saved card',
        ECHECK: 'E-check',
        ECHECK_PROFILE: 'Saved bank account',
      },
      transactionType: { INVOICES: 'Invoices', ON_ACCOUNT: 'On account' },
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
  invoice: {
    invoiceNo: (invNo) => `Facture ${invNo}`,
    invoicesCount: (count) => `Factures (${count})`,
    heading: 'FACTURE',
    number: (invNo) => `N° ${invNo}`,
    billTo: 'FACTURÉ À',
    shipTo: 'LIVRÉ À',
    customerNo: (custNo) => `N° client ${custNo}`,
    facts: {
      invoiceNumber: 'N° de facture',
      transaction: 'Transaction',
      invoiceDate: 'Date de facture',
      dueDate: 'Échéance',
      terms: 'Conditions',
      poNumber: 'N° de commande',
      salesRep: 'Commercial',
      shipVia: 'Expédition',
      currency: 'Devise',
      status: 'Statut',
    },
    statuses: { O: 'Ouverte', C: 'Soldée' },
    columns: { item: 'Article', description: 'Désignation', qty: 'Qté', price: 'Prix', ext: 'Montant' },
    noLines: 'Aucune ligne.',
    // A no-break space before the colon: the line may wrap, never between the title and its colon.
    field: (title, value) => `${title}\u00a0: ${value}`,
    continued: (invNo) => `Facture ${invNo} (suite)`,
    totals: { amount: 'Montant', paid: 'Payé', disputed: 'En litige', balanceDue: 'Solde dû' },
    allAmountsIn: (currencyCode) => `Tous les montants en ${currencyCode}.`,
  },
  exports: {
    columns: {
      invoices: {
        invNo: 'N° de facture',
        tranId: 'N° de transaction',
        invoiceDate: 'Date de facture',
        dueDate: 'Échéance',
        amount: 'Montant',
        balance: 'Solde',
        tranBal: 'Solde de la transaction',
        disputeAmount: 'En litige',
        paidAmount: 'Payé',
        promisedAmount: 'Montant promis',
        paymentPending: 'Paiement en cours',
        promise: 'Promesse',
        nextFollowupDate: 'Date de relance',
        poNumber: 'N° de commande',
        terms: 'Conditions',
      },
      disputes: {
        probNo: 'Numéro de litige',
        invNo: 'Numéro de facture',
        invoiceDate: 'Date de facture',
        dueDate: "Date d'échéance",
        originalAmount: 'Montant',
        disputedAmount: 'Montant contesté',
        status: 'Statut',
        reasonDisplay: 'Motif',
        createdOn: 'Ouvert le',
      },
      paymentLogs: {
        createdAt: 'Date',
        paymentLogId: 'N° de paiement',
        transactionType: 'Type',
        methodType: 'Moyen',
        accountMasked: 'Compte',
        amount: 'Montant',
        fee: 'Frais',
        total: 'Total',
        status: 'Statut',
        invoiceCount: 'Factures',
        trackingNo: 'N° de suivi',
        authCode: 'Code d’autorisation',
        payerName: 'Payé par',
        note: 'Note',
        contractNumber: 'N° de contrat',
      },
    },
    // "du client": no elision to get wrong before a company's name.
    titles: {
      openInvoices: (party) => `Factures ouvertes du client ${party}`,
      closedInvoices: (party) => `Factures soldées du client ${party}`,
      disputes: (party) => `Litiges du client ${party}`,
      payments: (party) => `Paiements du client ${party}`,
    },
    footers: {
      invoices: (custNo, currencyCode) => `Factures du client ${custNo} (${currencyCode})`,
      disputes: (custNo, currencyCode) => `Litiges du client ${custNo} (${currencyCode})`,
      paymentLogs: (custNo, currencyCode) => `Paiements du client ${custNo} (${currencyCode})`,
    },
    sheetNames: { invoices: 'Factures', disputes: 'Litiges', paymentLogs: 'Paiements' },
    // French takes the singular for 0 and 1.
    rowCounts: {
      invoices: (count, formatted) => `${formatted} ${count < 2 ? 'facture' : 'factures'}`,
      disputes: (count, formatted) => `${formatted} ${count < 2 ? 'litige' : 'litiges'}`,
      paymentLogs: (count, formatted) => `${formatted} ${count < 2 ? 'paiement' : 'paiements'}`,
    },
    total: (rows) => `Total : ${rows}`,
    amountsIn: (currencyCode) => `Montants en ${currencyCode}`,
    exportedOn: (date) => `Exporté le ${date}`,
    filter: (filter) => `Filtre : ${filter}`,
    continued: (title) => `${title} (suite)`,
    yes: 'Oui',
    no: 'Non',
    values: {
      disputeStatus: {
        U: 'Non identifié',
        I: 'Identifié',
        D: 'Distribué',
        A: 'Avoir approuvé',
        C: 'Recouvrable',
        S: 'En suspens',
        W: 'Passé en perte',
      },
      paymentStatus: {
        SUCCESS: 'Réussi',
        ERROR: 'Erreur',
        FAILURE: 'Échoué',
        CANCELLED: 'Annulé',
        PENDING: 'En attente',
      },
      methodType: {
        CARD: 'Carte',
        CARD_PROFILE: 'Carte enregistrée',
        ECHECK: 'Chèque électronique',
        ECHECK_PROFILE: 'Compte bancaire enregistré',
      },
      transactionType: { INVOICES: 'Factures', ON_ACCOUNT: 'Acompte' },
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
