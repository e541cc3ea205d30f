import en from '../locales/en';
import fr from '../locales/fr';

/** Both languages at once, for tests (the app loads only the user's language: lib/i18n.ts). */
export const resources = { en, fr } as const;
