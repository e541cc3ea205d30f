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
  monthlyStatement: {
    firstName: string;
    appName: string;
    company: string;
    custNo: string;
    currencyCode: string;
    /** The month in words, in the reader's language ("October 2026"). */
    month: string;
    /** Already formatted in the reader's locale. */
    balanceDue: string;
    payments: string;
    openCount: number;
    link: string;
  };
  reminderDigest: {
    firstName: string;
    appName: string;
    /** One line per invoice, already worded and formatted, with its link. */
    dueIn7Days: Array<{ text: string; href: string }>;
    dueIn1Day: Array<{ text: string; href: string }>;
    overdue: Array<{ text: string; href: string }>;
    unsubscribe: string;
    settings: string;
  };
  autopayFailed: {
    firstName: string;
    appName: string;
    company: string;
    custNo: string;
    currencyCode: string;
    /** Why, in the user's words (declined, expired card...). */
    reason: string;
    /** True when this failure stopped the rule. */
    stopped: boolean;
    triesLeft: number;
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
  /** Headed lists of linked lines after the paragraphs (a digest's invoices). */
  sections?: Array<{ heading: string; items: Array<{ text: string; href: string }> }>;
  /** Closing links in small print (unsubscribe). */
  footer?: Array<{ label: string; href: string }>;
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
  monthlyStatement: {
    en: (vars) => ({
      subject: `${vars.appName}: statement of ${vars.month} for ${vars.company} (${vars.currencyCode})`,
      paragraphs: [
        `Hello ${vars.firstName},`,
        `Your statement of account of ${vars.month} for ${vars.company} (${vars.custNo}) in ${vars.currencyCode} is ready: ${vars.openCount} open items, a balance due of ${vars.balanceDue}, and ${vars.payments} of payments in the month.`,
        'You receive this email because you asked for the monthly statement; turn it off in your profile.',
      ],
      link: { label: 'Download the statement (PDF)', href: vars.link },
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : relevé de ${vars.month} pour ${vars.company} (${vars.currencyCode})`,
      paragraphs: [
        `Bonjour ${vars.firstName},`,
        `Votre relevé de compte de ${vars.month} pour ${vars.company} (${vars.custNo}) en ${vars.currencyCode} est prêt : ${vars.openCount} pièces ouvertes, un solde dû de ${vars.balanceDue} et ${vars.payments} de paiements dans le mois.`,
        'Vous recevez ce message parce que vous avez demandé le relevé mensuel ; désactivez-le dans votre profil.',
      ],
      link: { label: 'Télécharger le relevé (PDF)', href: vars.link },
    }),
  },
  reminderDigest: {
    en: (vars) => {
      const count = vars.dueIn7Days.length + vars.dueIn1Day.length + vars.overdue.length;
      return {
        subject: `${vars.appName}: ${count} ${count === 1 ? 'invoice needs' : 'invoices need'} your attention`,
        paragraphs: [
          `Hello ${vars.firstName},`,
          'Here are the invoices falling due soon or overdue, as you asked.',
        ],
        sections: [
          { heading: 'Due in 7 days', items: vars.dueIn7Days },
          { heading: 'Due tomorrow', items: vars.dueIn1Day },
          { heading: 'Now overdue', items: vars.overdue },
        ],
        footer: [
          { label: 'Stop these reminders (one click)', href: vars.unsubscribe },
          { label: 'Choose your reminders in your profile', href: vars.settings },
        ],
      };
    },
    fr: (vars) => {
      const count = vars.dueIn7Days.length + vars.dueIn1Day.length + vars.overdue.length;
      return {
        subject: `${vars.appName} : ${count} ${count === 1 ? 'facture demande' : 'factures demandent'} votre attention`,
        paragraphs: [
          `Bonjour ${vars.firstName},`,
          "Voici les factures qui arrivent à échéance ou sont en retard, comme vous l'avez demandé.",
        ],
        sections: [
          { heading: 'Échéance dans 7 jours', items: vars.dueIn7Days },
          { heading: 'Échéance demain', items: vars.dueIn1Day },
          { heading: 'Désormais en retard', items: vars.overdue },
        ],
        footer: [
          { label: 'Ne plus recevoir ces rappels (un clic)', href: vars.unsubscribe },
          { label: 'Choisir vos rappels dans votre profil', href: vars.settings },
        ],
      };
    },
  },
  autopayFailed: {
    en: (vars) => ({
      subject: `${vars.appName}: ${vars.stopped ? 'autopay stopped' : 'autopay could not pay'} (${vars.custNo}, ${vars.currencyCode})`,
      paragraphs: [
        `Hello ${vars.firstName},`,
        `Autopay could not pay the invoices due for ${vars.company} (${vars.custNo}) in ${vars.currencyCode}: ${vars.reason}.`,
        vars.stopped
          ? 'Autopay is now stopped for this account and currency. Nothing more will be paid until you save the rule again in your profile, with a saved payment method that works.'
          : `It will try again tomorrow (${vars.triesLeft} ${vars.triesLeft === 1 ? 'try' : 'tries'} left before it stops). You can change the saved payment method in your profile.`,
      ],
    }),
    fr: (vars) => ({
      subject: `${vars.appName} : ${vars.stopped ? 'paiement automatique arrêté' : 'le paiement automatique a échoué'} (${vars.custNo}, ${vars.currencyCode})`,
      paragraphs: [
        `Bonjour ${vars.firstName},`,
        `Le paiement automatique n'a pas pu payer les factures échues de ${vars.company} (${vars.custNo}) en ${vars.currencyCode} : ${vars.reason}.`,
        vars.stopped
          ? "Le paiement automatique est maintenant arrêté pour ce compte et cette devise. Rien ne sera plus payé tant que vous n'aurez pas enregistré de nouveau la règle dans votre profil, avec un moyen de paiement qui fonctionne."
          : `Il réessaiera demain (encore ${vars.triesLeft} ${vars.triesLeft === 1 ? 'essai' : 'essais'} avant l'arrêt). Vous pouvez changer le moyen de paiement enregistré dans votre profil.`,
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
  const { subject, paragraphs, link, sections = [], footer = [] } = template(vars);
  const textParts = link
    ? [...paragraphs.slice(0, 2), `${link.label}: ${link.href}`, ...paragraphs.slice(2)]
    : [...paragraphs];
  const htmlParts = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) {
    htmlParts.splice(2, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  }
  for (const section of sections) {
    if (section.items.length === 0) continue;
    textParts.push(
      [section.heading, ...section.items.map((item) => `- ${item.text}: ${item.href}`)].join('\n'),
    );
    const items = section.items
      .map((item) => `<li><a href="${escapeHtml(item.href)}">${escapeHtml(item.text)}</a></li>`)
      .join('');
    htmlParts.push(`<h3>${escapeHtml(section.heading)}</h3><ul>${items}</ul>`);
  }
  for (const entry of footer) {
    textParts.push(`${entry.label}: ${entry.href}`);
    htmlParts.push(
      `<p><small><a href="${escapeHtml(entry.href)}">${escapeHtml(entry.label)}</a></small></p>`,
    );
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
