import { Anchor, Group, Typography } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeLegalHtml } from '../../../lib/sanitize-html';
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
  const safe = useMemo(() => sanitizeLegalHtml(template.data ?? ''), [template.data]);
  // Markup without words (an empty paragraph) counts as no text.
  if (!safe.text) return null;

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
