import type { ResourceLanguage } from 'i18next';
import { SIGN_IN_NAMESPACES, type TNamespace } from './i18n-namespaces';

/**
 * Every locale file, fetched when asked for: the first visit downloads only the sign-in pages'
 * namespaces in the user's language (lib/i18n-namespaces.ts).
 */
const localeFiles = import.meta.glob<ResourceLanguage>('../locales/*/*.json', { import: 'default' });

const FILE_PATH = /^\.\.\/locales\/(\w+)\/(\w+)\.json$/;

/** One namespace in one language; empty for a pair no file holds, as for an unknown namespace. */
export function readLocaleFile(language: string, namespace: string): Promise<ResourceLanguage> {
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.resolve({});
}

/** The namespaces there are, as the English files name them (lib/i18n.test.tsx: French has the same). */
export const LOCALE_NAMESPACES: readonly string[] = Object.keys(localeFiles).flatMap((path) => {
  const [, language, namespace] = FILE_PATH.exec(path) ?? [];
  return language === 'en' && namespace ? [namespace] : [];
});

/**
 * Every namespace but the sign-in pages': the lazy root layout fetches them all, with its code,
 * before any screen under it renders (app/router.tsx), so that a screen opened first by its
 * address has its texts and those of the header, dialogs and error messages it may show. They
 * come after sign-in, when the first visit's download no longer counts.
 */
export const APP_NAMESPACES = LOCALE_NAMESPACES.filter(
  (namespace) => !(SIGN_IN_NAMESPACES as readonly string[]).includes(namespace),
) as readonly TNamespace[];
