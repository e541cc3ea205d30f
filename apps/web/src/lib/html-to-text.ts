const BREAKING_TAGS = /<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi;

/**
 * Legal texts arrive as HTML written by an administrator. Rendering them as HTML would open
 * the page to script injection, so they become plain text with the line breaks kept.
 * DOMParser documents are inert: no script runs and no resource loads.
 */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(BREAKING_TAGS, (tag) => `${tag}\n`);
  const document = new DOMParser().parseFromString(withBreaks, 'text/html');
  // Their text is code, not prose.
  for (const element of document.querySelectorAll('script, style, template')) element.remove();
  const text = document.body.textContent ?? '';
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
