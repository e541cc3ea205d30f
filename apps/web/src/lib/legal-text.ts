/**
 * Whether an administrator's legal text has words to read once sanitized, decided without
 * DOMPurify: the login page shows or hides its links with this, and fetches the sanitizer
 * (lib/sanitize-html.ts) only when a text is opened. The elements dropped here are those whose
 * content DOMPurify drops too (its FORBID_CONTENTS); other unknown elements keep their words
 * there as here.
 */
const DROPPED_WITH_CONTENT =
  'annotation-xml, audio, desc, foreignobject, head, iframe, math, noembed, noframes, noscript, plaintext, script, style, svg, template, title, video, xmp, object, embed';

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

export function hasReadableText(source: string): boolean {
  if (!LOOKS_LIKE_HTML.test(source)) return source.trim() !== '';
  // DOMParser documents are inert: parsing runs nothing and loads nothing.
  const body = new DOMParser().parseFromString(source, 'text/html').body;
  for (const element of body.querySelectorAll(DROPPED_WITH_CONTENT)) element.remove();
  return (body.textContent ?? '').trim() !== '';
}
