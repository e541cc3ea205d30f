import { templateLanguage } from '../email/email-templates';

/** The sign-in code text, in the user's language (English for any language without a text). */
export function renderPinSms(language: string, vars: { code: string; minutes: number }): string {
  return templateLanguage(language) === 'fr'
    ? `Votre code de connexion Settle est ${vars.code}. Il expire dans ${vars.minutes} minutes.`
    : `Your Settle sign-in code is ${vars.code}. It expires in ${vars.minutes} minutes.`;
}
