import i18next, { type BackendModule, type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en';
import { SIGN_IN_NAMESPACES } from './i18n-namespaces';
import { SUPPORTED_LANGUAGES, type TLanguage } from './language';
import { readLocaleFile } from './locale-files';

export type TLanguageBundle = typeof en;
export type TResources = Partial<Record<TLanguage, TLanguageBundle>>;

/**
 * Fetches one namespace of one language when i18next asks for it: at the start (the sign-in
 * pages' namespaces), with the lazy root layout (every other one), and for every namespace
 * already in use when the language changes (a switch of language waits for them).
 */
const localeFileBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(language)) {
      callback(null, {});
      return;
    }
    readLocaleFile(language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * A fresh instance per app (and per test) rather than the global one, so tests in one file
 * cannot leak a language into another. The given resources are there at once (init is
 * synchronous); `namespaces` not among them, and any other language, are fetched.
 */
export function createI18n(
  language: TLanguage,
  resources: TResources = {},
  namespaces: readonly string[] = Object.keys(resources[language] ?? {}),
): i18n {
  const instance = i18next.createInstance();
  instance
    .use(localeFileBackend)
    .use(initReactI18next)
    .init({
      resources: resources as Record<string, Record<string, ResourceLanguage>>,
      partialBundledLanguages: true,
      lng: language,
      // English stands in for a missing text only where it is already loaded: a French visitor
      // does not download English for it (the key sets are equal, lib/i18n.test.tsx).
      fallbackLng: resources.en ? 'en' : false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...namespaces],
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

/** The app's instance, once the sign-in pages' texts in the user's language have arrived. */
export async function startI18n(language: TLanguage): Promise<i18n> {
  const instance = createI18n(language, {}, SIGN_IN_NAMESPACES);
  await loadNamespaces(instance, SIGN_IN_NAMESPACES);
  return instance;
}

/**
 * Fetches namespaces in the current language and keeps them in use, so that a later change of
 * language fetches them too. Rejects when one could not be fetched, so that the route asking
 * fails as when its code cannot be fetched, rather than showing raw keys. A change of language
 * that ended meanwhile fetched only the namespaces in use when it began: asked again for those.
 */
export async function loadNamespaces(instance: i18n, namespaces: readonly string[]): Promise<void> {
  const missing = () =>
    namespaces.filter((namespace) => !instance.hasResourceBundle(instance.language, namespace));
  for (let attempt = 0; attempt < 2 && missing().length > 0; attempt++) {
    await instance.loadNamespaces([...namespaces]);
  }
  const notLoaded = missing();
  if (notLoaded.length > 0) {
    throw new Error(`The ${instance.language} texts of ${notLoaded.join(', ')} could not be fetched.`);
  }
}
