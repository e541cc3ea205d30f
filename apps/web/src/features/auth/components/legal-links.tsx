import { Anchor, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { htmlToText } from '../../../lib/html-to-text';
import { type TLegalTemplateType, usePrivacyTemplate } from '../api/get-privacy-template';

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
  const text = template.data?.trim() ? htmlToText(template.data) : '';
  if (!text) return null;

  const title = t(props.titleKey);
  const open = () =>
    modals.open({
      title,
      size: 'lg',
      children: (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {text}
        </Text>
      ),
    });

  return (
    <Anchor component="button" type="button" size="sm" onClick={open} data-testid={props.testId}>
      {title}
    </Anchor>
  );
}
