/** The two languages the portal ships; any other one falls back to English, as the help sets do. */
export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** The language picked on the login page before any user is known. */
export const PREFERRED_LANGUAGE_KEY = 'preferredLanguage';

export function normalizeLanguage(language: string | null | undefined): TLanguage {
  return language?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The signed-in user's language wins; then the login page choice; then the browser's. */
export function initialLanguage(options: {
  userLanguage?: string | null;
  browserLanguage?: string;
}): TLanguage {
  if (options.userLanguage) return normalizeLanguage(options.userLanguage);
  const preferred = localStorage.getItem(PREFERRED_LANGUAGE_KEY);
  if (preferred) return normalizeLanguage(preferred);
  return normalizeLanguage(options.browserLanguage);
}

export function rememberPreferredLanguage(language: TLanguage): void {
  localStorage.setItem(PREFERRED_LANGUAGE_KEY, language);
}
