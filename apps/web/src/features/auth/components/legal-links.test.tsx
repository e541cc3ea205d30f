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

describe('LegalLinks', () => {
  it('hides the privacy link when its text is empty and shows the terms link when it is not', async () => {
    const calls = stubTemplates({ privacy: '', terms: '<p>Terms</p>' });
    const { queryClient } = renderComponent(<LegalLinks />);

    expect(await screen.findByTestId('terms-link')).toHaveTextContent('Terms of use');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('privacy-link')).not.toBeInTheDocument();
    expect(calls.map((call) => call.query.get('userBrowserPreferedLanguage'))).toEqual(['en', 'en']);
  });

  it('hides a link whose text is only markup', async () => {
    const calls = stubTemplates({ privacy: '<p> </p>', terms: '' });
    const { queryClient } = renderComponent(<LegalLinks />);
    // Both answers must be in before absence means anything.
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('privacy-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('terms-link')).not.toBeInTheDocument();
  });

  it('opens the text in a modal as plain text, never as markup', async () => {
    stubTemplates({
      privacy: '<h1>Privacy</h1><p>We keep <b>little</b>.</p><script>window.hacked = true</script>',
      terms: '',
    });
    const { user } = renderComponent(<LegalLinks />);
    await user.click(await screen.findByTestId('privacy-link'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Privacy policy');
    expect(dialog).toHaveTextContent('We keep little.');
    expect(dialog.querySelector('b, h1, script')).toBeNull();
    expect(dialog).not.toHaveTextContent('hacked');
  });
});
