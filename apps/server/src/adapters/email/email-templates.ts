/** The languages with written templates; any other language falls back to English. */
export type TemplateLanguage = 'en' | 'fr';

export function templateLanguage(language: string): TemplateLanguage {
  return language.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export type EmailVariables = {
  recovery: { firstName: string; appName: string; link: string; minutes: number };
  activation: { firstName: string; appName: string; company: string; link: string; hours: number };
  paymentReceipt: {
    payerName: string;
    appName: string;
    company: string;
    custNo: string;
    /** Already formatted in the payer's locale, fee included. */
    total: string;
    fee: string | null;
    method: string;
    reference: string;
    invoices: string[];
  };
  /** To an approver: a colleague submitted a cart for approval (issue 18). */
  paymentApprovalRequested: {
    name: string;
    appName: string;
    requester: string;
    company: string;
    custNo: string;
    /** Formatted in the reader's locale. */
    amount: string;
    invoices: string[];
    link: string;
  };
  /** To the submitter and the approver: the payment was approved (and ran) or rejected. */
  paymentApprovalDecided: {
    name: string;
    appName: string;
    decision: 'APPROVED' | 'REJECTED';
    decider: string;
    company: string;
    custNo: string;
    amount: string;
    reason: string | null;
    /** The payment's outcome when approved (SUCCESS, FAILURE...). */
    paymentStatus: string | null;
  };
};
export type EmailKind = keyof EmailVariables;

export type RenderedEmail = { subject: string; text: string; html: string };

type Template<K extends EmailKind> = (vars: EmailVariables[K]) => {
  subject: string;
  /** Paragraphs; the last one may hold the link, shown as an anchor in the HTML part. */
  paragraphs: string[];
  link?: { label: string; href: string };
};

const TEMPLATES: { [K in EmailKind]: Record<TemplateLanguage, Template<K>> } = {
  recovery: {
    en: (vars) => ({
      subject: `${vars.appName}: sign-in help`,
      paragraphs: [
        `Hello ${vars.firstName},`,
        `Someone (we hope you) asked for help signing in to ${vars.appName}. Use the link below to choose a new password. It works once and expires in ${vars.minutes} minutes.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      link: { label: 'Choose a new password', href: vars.link },
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : aide à la connexion`,
      paragraphs: [
        `Bonjour ${vars.firstName},`,
        `Quelqu'un (vous, espérons-le) a demandé de l'aide pour se connecter à ${vars.appName}. Utilisez le lien ci-dessous pour choisir un nouveau mot de passe. Il ne sert qu'une fois et expire dans ${vars.minutes} minutes.`,
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      ],
      link: { label: 'Choisir un nouveau mot de passe', href: vars.link },
    }),
  },
  activation: {
    en: (vars) => ({
      subject: `${vars.appName}: activate your account`,
      paragraphs: [
        `Hello ${vars.firstName},`,
        `You registered for ${vars.appName} as a contact of ${vars.company}. Use the link below to choose your password and activate your account. It works once and expires in ${vars.hours} hours.`,
        'If you did not register, ignore this email: no account is activated without this link.',
      ],
      link: { label: 'Activate my account', href: vars.link },
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : activez votre compte`,
      paragraphs: [
        `Bonjour ${vars.firstName},`,
        `Votre inscription à ${vars.appName} en tant que contact de ${vars.company} est enregistrée. Utilisez le lien ci-dessous pour choisir votre mot de passe et activer votre compte. Il ne sert qu'une fois et expire dans ${vars.hours} heures.`,
        "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : aucun compte n'est activé sans ce lien.",
      ],
      link: { label: 'Activer mon compte', href: vars.link },
    }),
  },
  paymentReceipt: {
    en: (vars) => ({
      subject: `${vars.appName}: payment received (${vars.reference})`,
      paragraphs: [
        `Hello ${vars.payerName},`,
        `We received your payment of ${vars.total} by ${vars.method} for ${vars.company} (${vars.custNo}).${vars.fee ? ` It includes a convenience fee of ${vars.fee}.` : ''}`,
        vars.invoices.length > 0
          ? `Invoices paid: ${vars.invoices.join(', ')}.`
          : 'This payment is on account.',
        `Reference: ${vars.reference}. The receipt is in the portal's payment log.`,
      ],
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : paiement reçu (${vars.reference})`,
      paragraphs: [
        `Bonjour ${vars.payerName},`,
        `Nous avons bien reçu votre paiement de ${vars.total} par ${vars.method} pour ${vars.company} (${vars.custNo}).${vars.fee ? ` Il comprend des frais de service de ${vars.fee}.` : ''}`,
        vars.invoices.length > 0
          ? `Factures payées : ${vars.invoices.join(', ')}.`
          : 'Ce paiement est un paiement en compte.',
        `Référence : ${vars.reference}. Le reçu se trouve dans l'historique des paiements du portail.`,
      ],
    }),
  },
  paymentApprovalRequested: {
    en: (vars) => ({
      subject: `${vars.appName}: a payment of ${vars.amount} waits for your approval`,
      paragraphs: [
        `Hello ${vars.name},`,
        `${vars.requester} submitted a payment of ${vars.amount} for ${vars.company} (${vars.custNo}) for your approval. Invoices: ${vars.invoices.join(', ')}.`,
        'Approve it to pay it, or reject it with a reason. The cart stays locked until then.',
      ],
      link: { label: 'Review the payment', href: vars.link },
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : un paiement de ${vars.amount} attend votre approbation`,
      paragraphs: [
        `Bonjour ${vars.name},`,
        `${vars.requester} a soumis à votre approbation un paiement de ${vars.amount} pour ${vars.company} (${vars.custNo}). Factures : ${vars.invoices.join(', ')}.`,
        'Approuvez-le pour le payer, ou refusez-le en donnant un motif. Le panier reste verrouillé jusque-là.',
      ],
      link: { label: 'Examiner le paiement', href: vars.link },
    }),
  },
  paymentApprovalDecided: {
    en: (vars) => ({
      subject:
        vars.decision === 'APPROVED'
          ? `${vars.appName}: payment of ${vars.amount} approved`
          : `${vars.appName}: payment of ${vars.amount} rejected`,
      paragraphs: [
        `Hello ${vars.name},`,
        vars.decision === 'APPROVED'
          ? `${vars.decider} approved the payment of ${vars.amount} for ${vars.company} (${vars.custNo}). Payment result: ${vars.paymentStatus ?? 'unknown'}.`
          : `${vars.decider} rejected the payment of ${vars.amount} for ${vars.company} (${vars.custNo}). Reason: ${vars.reason ?? ''}`,
        vars.decision === 'APPROVED'
          ? "The details are in the portal's payment log."
          : 'The cart is unlocked: change it and submit it again if needed.',
      ],
    }),
    fr: (vars) => ({
      subject:
        vars.decision === 'APPROVED'
          ? `${vars.appName} : paiement de ${vars.amount} approuvé`
          : `${vars.appName} : paiement de ${vars.amount} refusé`,
      paragraphs: [
        `Bonjour ${vars.name},`,
        vars.decision === 'APPROVED'
          ? `${vars.decider} a approuvé le paiement de ${vars.amount} pour ${vars.company} (${vars.custNo}). Résultat du paiement : ${vars.paymentStatus ?? 'inconnu'}.`
          : `${vars.decider} a refusé le paiement de ${vars.amount} pour ${vars.company} (${vars.custNo}). Motif : ${vars.reason ?? ''}`,
        vars.decision === 'APPROVED'
          ? "Le détail se trouve dans l'historique des paiements du portail."
          : 'Le panier est déverrouillé : modifiez-le et soumettez-le à nouveau si besoin.',
      ],
    }),
  },
};

/** An email of the given kind in the user's language, as plain text and as escaped HTML. */
export function renderEmail<K extends EmailKind>(
  kind: K,
  language: string,
  vars: EmailVariables[K],
): RenderedEmail {
  const template = TEMPLATES[kind][templateLanguage(language)] as Template<K>;
  const { subject, paragraphs, link } = template(vars);
  const textParts = link
    ? [...paragraphs.slice(0, 2), `${link.label}: ${link.href}`, ...paragraphs.slice(2)]
    : paragraphs;
  const htmlParts = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) {
    htmlParts.splice(2, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  }
  return {
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${htmlParts.join('')}</body></html>`,
  };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
