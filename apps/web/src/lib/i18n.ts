import i18next, { type BackendModule, type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en';
import { SUPPORTED_LANGUAGES, type TLanguage } from './language';

export type TLanguageBundle = typeof en;
export type TResources = Partial<Record<TLanguage, TLanguageBundle>>;

const bundles = new Map<TLanguage, Promise<TLanguageBundle>>();

/**
 * One language's texts, fetched once: the first visit downloads only the user's language, and
 * the other comes when the user switches to it.
 */
export function loadLanguage(language: TLanguage): Promise<TLanguageBundle> {
  let bundle = bundles.get(language);
  if (!bundle) {
    bundle = (language === 'fr' ? import('../locales/fr') : import('../locales/en')).then(
      (module) => module.default,
    );
    bundles.set(language, bundle);
  }
  return bundle;
}

/** Fetches a language i18next does not have yet (a switch of language waits for it). */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) {
      callback(null, {});
      return;
    }
    loadLanguage(language as TLanguage).then(
      (bundle) => callback(null, (bundle as Record<string, ResourceLanguage>)[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * A fresh instance per app (and per test) rather than the global one, so tests in one file
 * cannot leak a language into another. The given languages are there at once (init is
 * synchronous); any other is fetched when asked for.
 */
export function createI18n(language: TLanguage, resources: TResources): i18n {
  const instance = i18next.createInstance();
  instance
    .use(lazyLanguages)
    .use(initReactI18next)
    .init({
      resources: resources as Record<string, Record<string, ResourceLanguage>>,
      partialBundledLanguages: true,
      lng: language,
      // English stands in for a missing text only where it is already loaded: a French visitor
      // does not download English for it (the key sets are equal, lib/i18n.test.tsx).
      fallbackLng: resources.en ? 'en' : false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: Object.keys(resources[language] ?? {}),
      defaultNS: 'common',
      initAsync: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const applyDocumentLanguage = (lng: string) => {
    document.documentElement.lang = lng;
  };
  applyDocumentLanguage(instance.language);
  instance.on('languageChanged', applyDocumentLanguage);
  return instance;
}
