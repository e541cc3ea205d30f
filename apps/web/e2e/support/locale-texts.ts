import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './launch-server';

const LOCALES = path.join(REPO_ROOT, 'apps/web/src/locales');

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leaves);
}

/** Every namespace's texts, in both languages. */
function allTexts(): Array<{ language: string; namespace: string; texts: string[] }> {
  return readdirSync(LOCALES).flatMap((language) =>
    readdirSync(path.join(LOCALES, language))
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({
        language,
        namespace: path.basename(file, '.json'),
        texts: leaves(JSON.parse(readFileSync(path.join(LOCALES, language, file), 'utf8'))),
      })),
  );
}

/**
 * One text per namespace of a language that no other namespace (of either language) holds, the
 * longest such: finding it in a download means that namespace came with it. Texts a built chunk
 * would escape (backticks, backslashes, placeholders, line breaks) are left out.
 */
export function textOnlyIn(language: string): Record<string, string> {
  const all = allTexts();
  const markers: Record<string, string> = {};
  for (const { namespace, texts } of all.filter((entry) => entry.language === language)) {
    const elsewhere = all
      .filter((entry) => entry.language !== language || entry.namespace !== namespace)
      .flatMap((entry) => entry.texts);
    const [longest] = texts
      .filter((text) => text.length >= 8 && !/[`\\$\n{}]/.test(text))
      .filter((text) => !elsewhere.some((other) => other.includes(text)))
      .sort((a, b) => b.length - a.length);
    if (!longest) throw new Error(`no text only ${language}/${namespace}.json holds`);
    markers[namespace] = longest;
  }
  return markers;
}
