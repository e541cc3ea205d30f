import type { TUserData } from '@settle/shared/auth';
import { ErrorCode } from '@settle/shared/error-codes';
import {
  isPinRequired,
  PIN_CODE_LENGTH,
  PIN_RESEND_INTERVAL_SECONDS,
  pinCodeProblem,
  SignInStepErrorCode,
} from '@settle/shared/rules/sign-in';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { PlainButton } from '../../../components/ui/plain-button';
import classes from '../../../components/ui/plain-form.module.css';
import { ApiError } from '../../../lib/api-error';
import { type PendingSignIn, updatePendingSignIn } from '../../../lib/pending-sign-in';
import { useLogin } from '../api/login';
import { useResendPin } from '../api/resend-pin';
import { endsPendingSignIn, translateSignInError } from '../lib/translate-sign-in-error';
import { PinDigits } from './pin-digits';

interface PinCodeFormProps {
  pending: PendingSignIn;
  onSignedIn: (userData: TUserData) => void;
  /** The sign-in attempt is over (expired code...): back to the login page with the reason. */
  onRestart: (reason?: string) => void;
  onNoMobile: () => void;
}

type TNotice = { tone: 'error' | 'info'; text: string };

/** The code step: the 6 digits texted to the user, sent with the login name and password. */
export function PinCodeForm({ pending, onSignedIn, onRestart, onNoMobile }: PinCodeFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const login = useLogin();
  const resendRequest = useResendPin();
  const errorId = useId();
  const [pinCode, setPinCode] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [maskedMobile, setMaskedMobile] = useState(pending.maskedMobile ?? '');
  const [notice, setNotice] = useState<TNotice | null>(null);
  // A code was just sent (entering this step sends one): a new one may be asked for once this
  // reaches 0. Counted in whole seconds by the page, so the link says when instead of failing.
  const [resendWait, setResendWait] = useState(PIN_RESEND_INTERVAL_SECONDS);
  useEffect(() => {
    if (resendWait <= 0) return;
    const timer = setTimeout(() => setResendWait((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendWait]);

  const onFailure = (error: Error) => {
    if (endsPendingSignIn(error)) {
      onRestart(error.code);
      return;
    }
    if (error instanceof ApiError && error.code === SignInStepErrorCode.SEND_PINCODE_NO_MOBILE) {
      onNoMobile();
      return;
    }
    setNotice({ tone: 'error', text: translateSignInError(t, error) });
  };

  const changeCode = (value: string) => {
    setPinCode(value);
    if (pinError) setPinError(pinCodeProblem(value));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = pinCodeProblem(pinCode);
    setPinError(problem);
    if (problem) return;
    setNotice(null);
    login.run({ loginName: pending.loginName, password: pending.password, pinCode }).then(
      (answer) => {
        if (!isPinRequired(answer)) {
          onSignedIn(answer);
          return;
        }
        // The server started over and texted a new code: the page stays, the number may differ.
        setMaskedMobile(answer.maskedMobile ?? '');
        updatePendingSignIn({ maskedMobile: answer.maskedMobile });
        setPinCode('');
      },
      (error: Error) => {
        // A wrong code is typed again from the first digit.
        setPinCode('');
        onFailure(error);
      },
    );
  };

  const resend = () => {
    if (resendWait > 0) return;
    setNotice(null);
    resendRequest.run(undefined).then(
      (answer) => {
        setMaskedMobile(answer.maskedMobile);
        updatePendingSignIn({ maskedMobile: answer.maskedMobile });
        setPinCode('');
        setNotice({ tone: 'info', text: t('auth:pin.resent', { maskedMobile: answer.maskedMobile }) });
        setResendWait(PIN_RESEND_INTERVAL_SECONDS);
      },
      (error: Error) => {
        // The server's clock decides: when it still says wait, count down its seconds instead of failing.
        const seconds =
          error instanceof ApiError && error.code === ErrorCode.RATE_LIMITED ? Number(error.args[0]) : NaN;
        if (Number.isInteger(seconds) && seconds > 0) setResendWait(seconds);
        else onFailure(error);
      },
    );
  };

  const pinErrorText = pinError ? t(`auth:validation.pinCode.${pinError}`) : undefined;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:pin.title')}>
      <div className={classes.stack}>
        <p className={classes.text} data-testid="pin-sent-to">
          {t('auth:pin.sentTo', { maskedMobile })}
        </p>
        {notice ? (
          <PlainAlert
            tone={notice.tone}
            title={notice.tone === 'error' ? t('auth:pin.failedTitle') : undefined}
            role={notice.tone === 'error' ? 'alert' : 'status'}
            data-testid={notice.tone === 'error' ? 'pin-error' : 'pin-notice'}
          >
            {notice.text}
          </PlainAlert>
        ) : null}
        <fieldset className={`${classes.field} ${classes.fieldset}`} data-testid="pin-input">
          <legend className={`${classes.label} ${classes.legend}`}>{t('auth:pin.label')}</legend>
          <PinDigits
            length={PIN_CODE_LENGTH}
            value={pinCode}
            onChange={changeCode}
            digitLabel={(position) => t('auth:pin.digit', { position })}
            invalid={Boolean(pinErrorText)}
            describedBy={pinErrorText ? errorId : undefined}
            autoFocus
          />
          {pinErrorText ? (
            <p id={errorId} className={classes.error}>
              {pinErrorText}
            </p>
          ) : null}
        </fieldset>
        <PlainButton type="submit" loading={login.isPending} data-testid="pin-verify" wide>
          {t('auth:pin.verify')}
        </PlainButton>
        <div className={classes.row}>
          <button
            type="button"
            className={classes.link}
            style={{ fontWeight: 500 }}
            onClick={resend}
            disabled={resendRequest.isPending || resendWait > 0}
            aria-busy={resendRequest.isPending}
            data-testid="pin-resend"
          >
            {resendWait > 0 ? t('auth:pin.resendIn', { seconds: resendWait }) : t('auth:pin.resend')}
          </button>
          <button type="button" className={classes.link} onClick={() => onRestart()}>
            {t('auth:pin.backToLogin')}
          </button>
        </div>
      </div>
    </form>
  );
}
