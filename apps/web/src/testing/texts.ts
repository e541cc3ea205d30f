import type { i18n } from 'i18next';
import type { TLanguage } from '../lib/language';

/**
 * Texts looked up and not found, as `namespace:key`: a raw key on the screen, or an English
 * default standing in for a namespace that was not fetched.
 */
export function watchMissingTexts(instance: i18n): string[] {
  const missing: string[] = [];
  // i18next reports missing keys only when asked to save them.
  instance.options.saveMissing = true;
  instance.options.missingKeyHandler = (_languages, namespace, key, _fallback, _update, options) => {
    // A server code the texts do not know falls back to the server's message on purpose.
    const onPurpose =
      options?.defaultValue !== undefined && instance.hasResourceBundle(instance.language, namespace);
    if (!onPurpose) missing.push(`${namespace}:${key}`);
  };
  return missing;
}

/** The namespaces an instance holds in a language, fetched or bundled, sorted. */
export function namespacesHeld(instance: i18n, language: TLanguage): string[] {
  return Object.keys(instance.store.data[language] ?? {}).sort();
}
