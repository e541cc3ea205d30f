import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../../../components/ui/plain-form.module.css';
import { hasReadableText } from '../../../lib/legal-text';
import type { SafeHtml } from '../../../lib/sanitize-html';
import { getPrivacyTemplate, type TLegalTemplateType } from '../api/get-privacy-template';
import textClasses from './legal-text.module.css';

type TLegalText = { status: 'loading' } | { status: 'done'; html: string | null };

/** Privacy policy and terms links; each shows only when the administrator wrote its text. */
export function LegalLinks() {
  const { i18n } = useTranslation();
  const privacy = useLegalText(1, i18n.language);
  const terms = useLegalText(2, i18n.language);
  return (
    <div
      className={classes.row}
      style={{ justifyContent: 'center' }}
      aria-busy={privacy.status === 'loading' || terms.status === 'loading'}
      data-testid="legal-links"
    >
      <LegalLink text={privacy} titleKey="auth:legal.privacyPolicy" testId="privacy-link" />
      <LegalLink text={terms} titleKey="auth:legal.termsOfUse" testId="terms-link" />
    </div>
  );
}

/** The administrator's text in the page's language, when it has words to read. */
function useLegalText(type: TLegalTemplateType, language: string): TLegalText {
  const [text, setText] = useState<TLegalText>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setText({ status: 'loading' });
    getPrivacyTemplate({ type, language }, controller.signal).then(
      (html) => {
        if (!controller.signal.aborted)
          setText({ status: 'done', html: hasReadableText(html) ? html : null });
      },
      // No text to show (the call failed): no link.
      () => {
        if (!controller.signal.aborted) setText({ status: 'done', html: null });
      },
    );
    return () => controller.abort();
  }, [type, language]);
  return text;
}

/**
 * DOMPurify is fetched when a text is opened, not before: most visitors of the login page never
 * open one, and it would weigh on every first visit.
 */
function LegalLink({ text, titleKey, testId }: { text: TLegalText; titleKey: string; testId: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const [safe, setSafe] = useState<SafeHtml | null>(null);
  const [opening, setOpening] = useState(false);
  if (text.status !== 'done' || !text.html) return null;
  const source = text.html;
  const title = t(titleKey);
  const open = () => {
    setOpening(true);
    void import('../../../lib/sanitize-html')
      .then((module) => setSafe(module.sanitizeLegalHtml(source)))
      .finally(() => setOpening(false));
  };
  return (
    <>
      <button
        type="button"
        className={classes.link}
        onClick={open}
        aria-busy={opening || undefined}
        data-testid={testId}
      >
        {title}
      </button>
      {safe ? (
        <LegalDialog
          title={title}
          html={safe.html}
          closeLabel={t('common:close')}
          onClose={() => setSafe(null)}
        />
      ) : null}
    </>
  );
}

/** The browser's own modal dialog: it traps the focus, closes with Escape and gives it back to the link. */
function LegalDialog(props: { title: string; html: string; closeLabel: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  // Closed by the browser's way (the 'close' event follows), so the focus returns to the link.
  const close = () => {
    const dialog = ref.current;
    if (dialog && typeof dialog.close === 'function' && dialog.open) dialog.close();
    else props.onClose();
  };
  return (
    <dialog
      ref={ref}
      className={textClasses.dialog}
      aria-labelledby="legal-dialog-title"
      aria-modal="true"
      onClose={props.onClose}
    >
      <div className={textClasses.header}>
        <h2 id="legal-dialog-title" className={textClasses.title}>
          {props.title}
        </h2>
        <button type="button" className={classes.close} aria-label={props.closeLabel} onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div
        className={textClasses.text}
        data-testid="legal-text"
        // Sanitized by sanitizeLegalHtml: formatting and http(s)/mailto links only.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized with DOMPurify
        dangerouslySetInnerHTML={{ __html: props.html }}
      />
    </dialog>
  );
}
