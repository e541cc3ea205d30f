import type { CardErrorCode } from './sandbox-test-cards';

/** The hosted page speaks the checkout's language: English, or French. */
export type PageLanguage = 'en' | 'fr';

export function pageLanguage(language: string): PageLanguage {
  return language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

type Texts = {
  checkoutTitle: string;
  saveCardTitle: string;
  sandboxNotice: string;
  amount: string;
  payFor: string;
  number: string;
  numberHint: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  name: string;
  pay: (amount: string) => string;
  saveCard: string;
  cancel: string;
  errorSummary: string;
  testCards: string;
  /** Between a field's name and its error in the summary (French puts a space before the colon). */
  labelSeparator: string;
  errors: Record<CardErrorCode | 'cardRefused', string>;
  confirmTitle: string;
  confirmText: (amount: string) => string;
  confirm: string;
  refuse: string;
  outcomeTitle: string;
  outcomes: Record<
    | 'SUCCESS'
    | 'PENDING'
    | 'DECLINED'
    | 'EXPIRATION_DATE_INCORRECT'
    | 'FAILED'
    | 'CANCELLED'
    | 'SAVED'
    | 'OPEN'
    | 'REQUIRES_CONFIRMATION',
    string
  >;
  closeWindow: string;
  returnLink: string;
  notFound: string;
};

const EN: Texts = {
  checkoutTitle: 'Secure payment',
  saveCardTitle: 'Save a card',
  sandboxNotice: 'Sandbox payment page: no real card is charged. Use the test cards listed in the README.',
  amount: 'Amount to pay',
  payFor: 'Payment for',
  number: 'Card number',
  numberHint: 'The 12 to 19 digits on the front of the card.',
  expiry: 'Expiry date',
  expiryHint: 'Month and year, as MM/YY.',
  cvc: 'Security code (CVC)',
  name: 'Name on card',
  pay: (amount) => `Pay ${amount}`,
  saveCard: 'Save card',
  cancel: 'Cancel',
  errorSummary: 'Please correct the following:',
  testCards: 'Test cards (any future expiry date, any CVC)',
  labelSeparator: ': ',
  errors: {
    numberRequired: 'Enter the card number.',
    numberInvalid: 'The card number is not valid. Check the digits.',
    expiryRequired: 'Enter the expiry date.',
    expiryFormat: 'Enter the expiry date as MM/YY, for example 04/29.',
    expiryPast: 'This card has expired.',
    expiryTooFar: 'The expiry date is more than 15 years ahead.',
    cvcInvalid: 'Enter the 3 or 4 digit security code.',
    nameRequired: 'Enter the name on the card.',
    nameTooLong: 'The name can be at most 100 characters.',
    cardRefused: 'This card was declined. Use another card.',
  },
  confirmTitle: 'Confirm this payment',
  confirmText: (amount) => `Your bank asks you to confirm the payment of ${amount}.`,
  confirm: 'Confirm payment',
  refuse: 'Do not confirm',
  outcomeTitle: 'Payment result',
  outcomes: {
    SUCCESS: 'Payment accepted.',
    PENDING: 'Payment received: it is being processed.',
    DECLINED: 'The card was declined.',
    EXPIRATION_DATE_INCORRECT: 'The card expiration date is incorrect.',
    FAILED: 'The payment failed.',
    CANCELLED: 'The payment was cancelled.',
    SAVED: 'The card was saved.',
    OPEN: 'Waiting for the payment.',
    REQUIRES_CONFIRMATION: 'Waiting for your confirmation.',
  },
  closeWindow: 'You can close this window.',
  returnLink: 'Return to the portal',
  notFound: 'This payment page does not exist or has expired.',
};

const FR: Texts = {
  checkoutTitle: 'Paiement sécurisé',
  saveCardTitle: 'Enregistrer une carte',
  sandboxNotice:
    'Page de paiement de test : aucune vraie carte n’est débitée. Utilisez les cartes de test du README.',
  amount: 'Montant à payer',
  payFor: 'Paiement pour',
  number: 'Numéro de carte',
  numberHint: 'Les 12 à 19 chiffres au recto de la carte.',
  expiry: 'Date d’expiration',
  expiryHint: 'Mois et année, au format MM/AA.',
  cvc: 'Code de sécurité (CVC)',
  name: 'Nom sur la carte',
  pay: (amount) => `Payer ${amount}`,
  saveCard: 'Enregistrer la carte',
  cancel: 'Annuler',
  errorSummary: 'Veuillez corriger les points suivants :',
  testCards: 'Cartes de test (toute date d’expiration future, tout CVC)',
  labelSeparator: '\u00a0: ',
  errors: {
    numberRequired: 'Saisissez le numéro de carte.',
    numberInvalid: 'Le numéro de carte n’est pas valide. Vérifiez les chiffres.',
    expiryRequired: 'Saisissez la date d’expiration.',
    expiryFormat: 'Saisissez la date d’expiration au format MM/AA, par exemple 04/29.',
    expiryPast: 'Cette carte est expirée.',
    expiryTooFar: 'La date d’expiration dépasse 15 ans.',
    cvcInvalid: 'Saisissez le code de sécurité à 3 ou 4 chiffres.',
    nameRequired: 'Saisissez le nom figurant sur la carte.',
    nameTooLong: 'Le nom compte au plus 100 caractères.',
    cardRefused: 'Cette carte a été refusée. Utilisez une autre carte.',
  },
  confirmTitle: 'Confirmer ce paiement',
  confirmText: (amount) => `Votre banque vous demande de confirmer le paiement de ${amount}.`,
  confirm: 'Confirmer le paiement',
  refuse: 'Ne pas confirmer',
  outcomeTitle: 'Résultat du paiement',
  outcomes: {
    SUCCESS: 'Paiement accepté.',
    PENDING: 'Paiement reçu : il est en cours de traitement.',
    DECLINED: 'La carte a été refusée.',
    EXPIRATION_DATE_INCORRECT: 'La date d’expiration de la carte est incorrecte.',
    FAILED: 'Le paiement a échoué.',
    CANCELLED: 'Le paiement a été annulé.',
    SAVED: 'La carte a été enregistrée.',
    OPEN: 'En attente du paiement.',
    REQUIRES_CONFIRMATION: 'En attente de votre confirmation.',
  },
  closeWindow: 'Vous pouvez fermer cette fenêtre.',
  returnLink: 'Revenir au portail',
  notFound: 'Cette page de paiement n’existe pas ou a expiré.',
};

export function textsFor(language: PageLanguage): Texts {
  return language === 'fr' ? FR : EN;
}

export function formatAmount(amountMinor: number, currency: string, language: PageLanguage): string {
  const format = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency,
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
