import en from '../locales/en';
import fr from '../locales/fr';

/** Both languages at once, for tests (the app fetches the namespaces it needs in the user's language: lib/i18n.ts). */
export const resources = { en, fr } as const;
