import type { TFunction } from 'i18next';

/** A message catalogue of packages/shared: key -> English template with {0}, {1} placeholders. */
export type MessageCatalogue = Readonly<Record<string, string>>;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Which catalogue entry an English message was filled from, and the values it was filled with.
 * The shared rules and the server speak English; this finds the key to show the same message
 * in the user's language.
 */
export function matchCatalogueMessage(
  catalogue: MessageCatalogue,
  message: string,
): { key: string; args: Record<string, string> } | null {
  for (const [key, template] of Object.entries(catalogue)) {
    const names: string[] = [];
    const pattern = template
      .split(/(\{\d\})/)
      .map((part) => {
        const placeholder = /^\{(\d)\}$/.exec(part);
        if (!placeholder) return escapeRegExp(part);
        names.push(placeholder[1]!);
        return '(.*)';
      })
      .join('');
    const match = new RegExp(`^${pattern}$`, 's').exec(message);
    if (match)
      return { key, args: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return null;
}

/** The message in the user's language from `<namespace>:<prefix>.<key>`, or as given when it is not in the catalogue. */
export function translateCatalogueMessage(
  t: TFunction,
  catalogue: MessageCatalogue,
  message: string,
  prefix: string,
): string {
  const found = matchCatalogueMessage(catalogue, message);
  return found ? t(`${prefix}.${found.key}`, { ...found.args, defaultValue: message }) : message;
}
