import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('keeps the text and its line breaks, drops tags, scripts and styles', () => {
    const html =
      '<h1>Title</h1><p>One &amp; <b>two</b></p>line<br>next<style>p{}</style><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('Title\nOne & two\nline\nnext');
  });

  it('gives an empty text for markup without words', () => {
    expect(htmlToText('<p> </p><br/>')).toBe('');
  });
});
