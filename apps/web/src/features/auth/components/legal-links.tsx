import { Anchor, Group, Typography } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type TLegalTemplateType, usePrivacyTemplate } from '../api/get-privacy-template';
import classes from './legal-text.module.css';

/** Privacy policy and terms links; each shows only when the administrator wrote its text. */
export function LegalLinks() {
  const { i18n } = useTranslation();
  return (
    <Group justify="center" gap="lg">
      <LegalLink
        type={1}
        titleKey="auth:legal.privacyPolicy"
        language={i18n.language}
        testId="privacy-link"
      />
      <LegalLink type={2} titleKey="auth:legal.termsOfUse" language={i18n.language} testId="terms-link" />
    </Group>
  );
}

function LegalLink(props: { type: TLegalTemplateType; titleKey: string; language: string; testId: string }) {
  const { t } = useTranslation('auth');
  const template = usePrivacyTemplate({ type: props.type, language: props.language });
  const safe = useSanitizedHtml(template.data ?? '');
  // Markup without words (an empty paragraph) counts as no text.
  if (!safe?.text) return null;

  const title = t(props.titleKey);
  const open = () =>
    modals.open({
      title,
      size: 'lg',
      children: (
        <Typography
          fz="sm"
          className={classes.text}
          data-testid="legal-text"
          // Sanitized above by sanitizeLegalHtml: formatting and http(s)/mailto links only.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized with DOMPurify
          dangerouslySetInnerHTML={{ __html: safe.html }}
        />
      ),
    });

  return (
    <Anchor component="button" type="button" size="sm" onClick={open} data-testid={props.testId}>
      {title}
    </Anchor>
  );
}

/**
 * DOMPurify is fetched only when there is a text to clean: most visitors of the login page
 * never need it, and it would weigh on every first visit.
 */
function useSanitizedHtml(html: string) {
  return useQuery({
    queryKey: ['legal-text', 'sanitized', html],
    queryFn: async () => (await import('../../../lib/sanitize-html')).sanitizeLegalHtml(html),
    enabled: html !== '',
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}
