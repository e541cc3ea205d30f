import DOMPurify from 'dompurify';

/**
 * Formatting an administrator may use in a legal text: headings, paragraphs, lists,
 * emphasis, quotes, tables and links. Everything else goes: scripts, styles, frames, forms,
 * images (no loading from elsewhere), SVG and MathML, and every attribute but these few.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'sub',
  'sup',
  'blockquote',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'div',
  'span',
];
const ALLOWED_ATTR = ['href', 'colspan', 'rowspan', 'scope'];
/** Links leave for the web or the mail client only: no javascript:, data:, or relative paths into the portal. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;

/** An instance of our own, so that the link hook never touches another use of DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    if (SAFE_LINK.test(node.getAttribute('href')?.trim() ?? '')) {
      // A legal text's link must not take the portal's place, nor get a handle on it.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('href');
    }
  });
  purifier = instance;
  return instance;
}

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A template written as plain text keeps its paragraphs and line breaks. */
function plainTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export interface SafeHtml {
  /** Safe to put in the page as HTML. */
  html: string;
  /** Its words alone, trimmed: empty when the text has nothing to read. */
  text: string;
}

/** An administrator's legal text (privacy policy, terms of use), made safe to show as HTML. */
export function sanitizeLegalHtml(source: string): SafeHtml {
  const input = LOOKS_LIKE_HTML.test(source) ? source : plainTextToHtml(source);
  const html = getPurifier().sanitize(input, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_LINK,
    // DOMPurify checks every other attribute's value against the link pattern: these hold numbers and words.
    ADD_URI_SAFE_ATTR: ['colspan', 'rowspan', 'scope'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  // DOMParser documents are inert: reading the text runs nothing and loads nothing.
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
  return { html, text };
}
