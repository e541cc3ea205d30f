import {
  areaCodeProblem,
  formatPhone,
  mobilePhoneProblem,
  type TPhoneProblem,
} from '@settle/shared/rules/phone';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { PlainButton } from '../../../components/ui/plain-button';
import { PlainField } from '../../../components/ui/plain-field';
import classes from '../../../components/ui/plain-form.module.css';
import { ApiError } from '../../../lib/api-error';
import type { PendingSignIn } from '../../../lib/pending-sign-in';
import { useUpdateMobile } from '../api/update-mobile';
import { endsPendingSignIn, translateSignInError } from '../lib/translate-sign-in-error';

type TFieldName = 'smsAreaCode' | 'smsPhone';
type TFieldProblem = { type: TPhoneProblem | 'server'; message?: string };

interface UpdateMobileFormProps {
  pending: PendingSignIn;
  /** The number is saved and a code went to it: the PIN page follows. */
  onPinSent: (maskedMobile: string) => void;
  onRestart: (reason?: string) => void;
}

type TNotice = { tone: 'error' | 'warning'; text: string };

/** The shared rules' plain checks (the same as ZMobileFields'), without zod on the sign-in pages. */
const CHECKS: Record<TFieldName, (value: string) => TPhoneProblem | null> = {
  smsAreaCode: areaCodeProblem,
  smsPhone: mobilePhoneProblem,
};

/** The mobile page of a user with a PIN policy and no mobile on file (spec: post-login screen). */
export function UpdateMobileForm({ pending, onPinSent, onRestart }: UpdateMobileFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const request = useUpdateMobile();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const [values, setValues] = useState<Record<TFieldName, string>>({ smsAreaCode: '', smsPhone: '' });
  const [serverErrors, setServerErrors] = useState<Partial<Record<TFieldName, TFieldProblem>>>({});

  // Checked as the user types: Save is disabled while a field is refused.
  const problemOf = (field: TFieldName): TFieldProblem | undefined => {
    const problem = CHECKS[field](values[field]);
    return problem ? { type: problem } : serverErrors[field];
  };
  const isValid = !CHECKS.smsAreaCode(values.smsAreaCode) && !CHECKS.smsPhone(values.smsPhone);

  const change = (field: TFieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setNotice(null);
    const fields = { smsAreaCode: values.smsAreaCode.trim(), smsPhone: values.smsPhone.trim() };
    request.run({ loginName: pending.loginName, password: pending.password, ...fields }).then(
      (answer) => {
        if (answer.pinSent) onPinSent(answer.maskedMobile ?? '');
        else setNotice({ tone: 'warning', text: t('auth:mobile.noNumber') });
      },
      (error: Error) => {
        if (endsPendingSignIn(error)) {
          onRestart(error.code);
          return;
        }
        if (error instanceof ApiError) {
          const found: Partial<Record<TFieldName, TFieldProblem>> = {};
          for (const fieldError of error.fieldErrors) {
            if (fieldError.field === 'smsAreaCode' || fieldError.field === 'smsPhone') {
              found[fieldError.field] = { type: 'server', message: fieldError.message };
            }
          }
          setServerErrors(found);
        }
        setNotice({ tone: 'error', text: translateSignInError(t, error) });
      },
    );
  };

  // The rules' messages are English; the key is built from the field and the problem's name.
  const fieldError = (field: TFieldName): string | undefined => {
    const error = problemOf(field);
    if (!error) return undefined;
    return t(`auth:validation.${field}.${error.type}`, { defaultValue: error.message ?? '' });
  };

  const areaCode = values.smsAreaCode;
  const mobilePhone = values.smsPhone;
  // The number as the text message will use it, through the spec's 35-character # mask.
  const preview =
    mobilePhone.trim() && !problemOf('smsPhone') && !problemOf('smsAreaCode')
      ? t('auth:mobile.preview', {
          number: [areaCode.trim(), formatPhone(mobilePhone.trim())].filter(Boolean).join(' '),
        })
      : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:mobile.title')}>
      <div className={classes.stack}>
        <p className={classes.small}>{t('auth:mobile.intro')}</p>
        {notice ? (
          <PlainAlert
            tone={notice.tone}
            role="alert"
            title={notice.tone === 'error' ? t('auth:mobile.failedTitle') : undefined}
            data-testid="mobile-notice"
          >
            {notice.text}
          </PlainAlert>
        ) : null}
        <div className={classes.row} style={{ alignItems: 'flex-start', flexWrap: 'nowrap' }}>
          <PlainField
            name="smsAreaCode"
            label={t('auth:mobile.areaCode')}
            autoComplete="tel-country-code"
            inputMode="tel"
            boxClassName={classes.areaCode}
            data-testid="sms-area-code"
            error={fieldError('smsAreaCode')}
            value={values.smsAreaCode}
            onChange={(event) => change('smsAreaCode', event.target.value)}
          />
          <PlainField
            name="smsPhone"
            label={t('auth:mobile.mobilePhone')}
            autoComplete="tel-national"
            inputMode="tel"
            boxClassName={classes.grow}
            data-testid="sms-phone"
            error={fieldError('smsPhone')}
            value={values.smsPhone}
            onChange={(event) => change('smsPhone', event.target.value)}
          />
        </div>
        {preview ? (
          <p className={classes.hint} style={{ marginTop: -8 }} data-testid="mobile-preview">
            {preview}
          </p>
        ) : null}
        <div className={classes.row} style={{ justifyContent: 'flex-end' }}>
          <PlainButton variant="secondary" onClick={() => onRestart()} data-testid="mobile-close">
            {t('auth:mobile.close')}
          </PlainButton>
          <PlainButton
            type="submit"
            disabled={!isValid}
            loading={request.isPending}
            data-testid="mobile-save"
          >
            {t('auth:mobile.save')}
          </PlainButton>
        </div>
      </div>
    </form>
  );
}
