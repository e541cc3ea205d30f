import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { renderComponent } from '../../../testing/render';
import { LegalLinks } from './legal-links';

function stubTemplates(texts: { privacy: string; terms: string }) {
  return stubApi([
    {
      method: 'GET',
      path: '/auth/privacyTemplate',
      reply: (call: RecordedCall) => ({
        body: { value: call.query.get('type') === '1' ? texts.privacy : texts.terms },
      }),
    },
  ]);
}

async function openPrivacyPolicy(html: string) {
  stubTemplates({ privacy: html, terms: '' });
  const { user } = renderComponent(<LegalLinks />);
  await user.click(await screen.findByTestId('privacy-link'));
  await screen.findByRole('dialog');
  return screen.getByTestId('legal-text');
}

/** Every attribute of every element under root, as name=value. */
function attributesUnder(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
  );
}

const HOSTILE = [
  '<h2>Your data</h2>',
  '<p>We keep <strong>little</strong> and <em>briefly</em>.</p>',
  '<ul><li>Name</li><li>E-mail</li></ul>',
  '<p><a href="https://example.com/privacy" onclick="window.hacked=1">Full policy</a>',
  ' <a href="mailto:privacy@example.com">Write to us</a></p>',
  '<script>window.hacked = true</script>',
  '<img src="https://tracker.example/pixel.gif" onerror="window.hacked = true">',
  '<a href="javascript:window.hacked=true">Click me</a>',
  '<a href=" JaVaScRiPt:alert(1)">Spaced</a>',
  '<a href="data:text/html,<script>alert(1)</script>">Data link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body { display: none }</style>',
  '<p style="position:fixed;inset:0;background:red" class="x" id="y">Styled</p>',
  '<svg onload="window.hacked = true"><circle r="5"></circle></svg>',
  '<form action="https://evil.example"><input name="password"><button>Send</button></form>',
  '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/y">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<table><tr><th scope="col">Data</th><td colspan="2" onmouseover="alert(1)">12 months</td></tr></table>',
].join('');

describe('LegalLinks', () => {
  it('hides the privacy link when its text is empty and shows the terms link when it is not', async () => {
    const calls = stubTemplates({ privacy: '', terms: '<p>Terms</p>' });
    renderComponent(<LegalLinks />);

    expect(await screen.findByTestId('terms-link')).toHaveTextContent('Terms of use');
    await waitFor(() => expect(screen.getByTestId('legal-links')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByTestId('privacy-link')).not.toBeInTheDocument();
    expect(calls.map((call) => call.query.get('userBrowserPreferedLanguage'))).toEqual(['en', 'en']);
  });

  it('hides a link whose text is only markup, or only what sanitizing removes', async () => {
    const calls = stubTemplates({ privacy: '<p> </p><br>', terms: '<script>alert(1)</script><img src=x>' });
    renderComponent(<LegalLinks />);
    // Both answers must be in before absence means anything.
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('legal-links')).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByTestId('privacy-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('terms-link')).not.toBeInTheDocument();
  });

  it('does not fetch the sanitizer before a text is opened, and shows none of the raw markup', async () => {
    stubTemplates({
      privacy: '<p>We keep <b>little</b>.</p><script>window.hacked = true</script>',
      terms: '',
    });
    renderComponent(<LegalLinks />);
    await screen.findByTestId('privacy-link');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('hacked');
  });

  it('shows the formatting of the text in a modal', async () => {
    const text = await openPrivacyPolicy(
      '<h2>Your data</h2><p>We keep <b>little</b>.</p><ol><li>Name</li><li>E-mail</li></ol>',
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Privacy policy');
    expect(text.querySelector('h2')).toHaveTextContent('Your data');
    expect(text.querySelector('p b')).toHaveTextContent('little');
    expect([...text.querySelectorAll('ol > li')].map((item) => item.textContent)).toEqual(['Name', 'E-mail']);
  });

  it('lets nothing executable reach the page, and keeps the safe parts', async () => {
    const text = await openPrivacyPolicy(HOSTILE);

    // The safe parts remain, with their formatting.
    expect(text.querySelector('h2')).toHaveTextContent('Your data');
    expect(text.querySelector('strong')).toHaveTextContent('little');
    expect(text.querySelector('em')).toHaveTextContent('briefly');
    expect(text.querySelectorAll('ul > li')).toHaveLength(2);
    expect(text.querySelector('th[scope="col"]')).toHaveTextContent('Data');
    expect(text.querySelector('td[colspan="2"]')).toHaveTextContent('12 months');
    expect(text).toHaveTextContent('Styled');

    // Nothing that runs, loads, submits or restyles.
    expect(
      text.querySelector('script, style, img, iframe, svg, math, form, input, button, object, embed'),
    ).toBeNull();
    const attributes = attributesUnder(text);
    expect(attributes.filter((attribute) => /^on/i.test(attribute))).toEqual([]);
    expect(attributes.filter((attribute) => /^(style|class|id|src|action|xlink)/i.test(attribute))).toEqual(
      [],
    );
    expect(text.innerHTML).not.toMatch(/javascript:|data:text|hacked/i);
    expect((window as { hacked?: unknown }).hacked).toBeUndefined();

    // Links: web and mail only, opened apart from the portal; the others lose their address.
    const links = [...text.querySelectorAll('a')].map((link) => ({
      text: link.textContent,
      href: link.getAttribute('href'),
      target: link.getAttribute('target'),
      rel: link.getAttribute('rel'),
    }));
    expect(links).toEqual([
      {
        text: 'Full policy',
        href: 'https://example.com/privacy',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        text: 'Write to us',
        href: 'mailto:privacy@example.com',
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      { text: 'Click me', href: null, target: null, rel: null },
      { text: 'Spaced', href: null, target: null, rel: null },
      { text: 'Data link', href: null, target: null, rel: null },
    ]);
  });

  it('keeps the paragraphs of a text written without markup', async () => {
    const text = await openPrivacyPolicy('We keep your name.\nAnd your e-mail.\n\nWrite to us: a < b & c.');
    const paragraphs = [...text.querySelectorAll('p')];
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.querySelector('br')).not.toBeNull();
    expect(paragraphs[1]).toHaveTextContent('Write to us: a < b & c.');
  });
});
