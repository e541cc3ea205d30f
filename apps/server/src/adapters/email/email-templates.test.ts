import { describe, expect, it } from 'vitest';
import { renderEmail, templateLanguage } from './email-templates';

const vars = {
  firstName: 'Pat',
  appName: 'Acme Portal',
  link: 'https://p.example/r?code=x&namedUser=pat',
  minutes: 60,
};

describe('renderEmail', () => {
  it('writes the recovery email in English, with the link in the text and as an anchor in the HTML', () => {
    const email = renderEmail('recovery', 'en-US', vars);
    expect(email.subject).toBe('Acme Portal: sign-in help');
    expect(email.text).toBe(
      `${[
        'Hello Pat,',
        'Someone (we hope you) asked for help signing in to Acme Portal. Use the link below to choose a new password. It works once and expires in 60 minutes.',
        'Choose a new password: https://p.example/r?code=x&namedUser=pat',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n\n')}\n`,
    );
    expect(email.html).toContain(
      '<a href="https://p.example/r?code=x&amp;namedUser=pat">Choose a new password</a>',
    );
  });

  it('writes it in French for a French user, and in English for any other language', () => {
    expect(renderEmail('recovery', 'fr', vars).subject).toBe('Acme Portal : aide à la connexion');
    expect(renderEmail('recovery', 'fr-CA', vars).text).toContain(
      'Choisir un nouveau mot de passe: https://p.example',
    );
    expect(renderEmail('recovery', 'de', vars).subject).toBe('Acme Portal: sign-in help');
    expect(templateLanguage('FR_fr')).toBe('fr');
    expect(templateLanguage('')).toBe('en');
  });

  it('escapes names in the HTML part', () => {
    const email = renderEmail('recovery', 'en', { ...vars, firstName: '<script>alert("x")</script>' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    // The text part is plain text: nothing to escape.
    expect(email.text).toContain('Hello <script>');
  });
});

describe('renderEmail activation', () => {
  const activation = {
    firstName: 'Camille',
    appName: 'Settle',
    company: 'Château Verde SARL',
    link: 'https://p.example/activation?companyId=a&code=b&namedUser=c',
    hours: 72,
  };

  it('writes the activation email in English with the link, the company and the expiry', () => {
    const email = renderEmail('activation', 'en', activation);
    expect(email.subject).toBe('Settle: activate your account');
    expect(email.text).toBe(
      `${[
        'Hello Camille,',
        'You registered for Settle as a contact of Château Verde SARL. Use the link below to choose your password and activate your account. It works once and expires in 72 hours.',
        'Activate my account: https://p.example/activation?companyId=a&code=b&namedUser=c',
        'If you did not register, ignore this email: no account is activated without this link.',
      ].join('\n\n')}\n`,
    );
    expect(email.html).toContain(
      '<a href="https://p.example/activation?companyId=a&amp;code=b&amp;namedUser=c">Activate my account</a>',
    );
  });

  it('writes it in French for a French user', () => {
    const email = renderEmail('activation', 'fr', activation);
    expect(email.subject).toBe('Settle : activez votre compte');
    expect(email.text).toMatch(
      /^Bonjour Camille,\n\nVotre inscription à Settle en tant que contact de Château Verde SARL/,
    );
    expect(email.text).toContain('expire dans 72 heures');
    expect(email.text).toContain('Activer mon compte: https://p.example/activation?');
  });

  it('lists a digest by heading with one anchor per invoice, leaves out empty headings, and ends with the unsubscribe link', () => {
    const email = renderEmail('reminderDigest', 'en', {
      firstName: 'Pat',
      appName: 'Acme Portal',
      dueIn7Days: [{ text: 'INV-1 <b>', href: 'https://p.example/detail/O/INV-1' }],
      dueIn1Day: [],
      overdue: [{ text: 'INV-2', href: 'https://p.example/detail/O/INV-2' }],
      unsubscribe: 'https://p.example/api/reminders/unsubscribe?u=1&sig=ab',
      settings: 'https://p.example/profile?tab=reminders',
    });
    expect(email.subject).toBe('Acme Portal: 2 invoices need your attention');
    expect(email.text).toContain('Due in 7 days\n- INV-1 <b>: https://p.example/detail/O/INV-1');
    expect(email.text).not.toContain('Due tomorrow');
    expect(email.html).toContain(
      '<h3>Now overdue</h3><ul><li><a href="https://p.example/detail/O/INV-2">INV-2</a></li></ul>',
    );
    expect(email.html).toContain('INV-1 &lt;b&gt;');
    expect(email.html).toContain('href="https://p.example/api/reminders/unsubscribe?u=1&amp;sig=ab"');
    expect(email.text.trim().split('\n').at(-1)).toBe(
      'Choose your reminders in your profile: https://p.example/profile?tab=reminders',
    );
  });
});
