import type { TUserData } from '@settle/shared/auth';
import { PIN_CODE_LENGTH, pinCodeProblem } from '@settle/shared/rules/sign-in';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { PlainButton } from '../../../components/ui/plain-button';
import { PlainField } from '../../../components/ui/plain-field';
import classes from '../../../components/ui/plain-form.module.css';
import { type PendingSignIn, updatePendingSignIn } from '../../../lib/pending-sign-in';
import { useResendPin } from '../api/resend-pin';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { endsPendingSignIn, translateSignInError } from '../lib/translate-sign-in-error';
import { PinDigits } from './pin-digits';

type TFactor = 'TOTP' | 'PASSKEY' | 'SMS' | 'RECOVERY';
const FACTORS: readonly TFactor[] = ['TOTP', 'PASSKEY', 'SMS', 'RECOVERY'];

interface SecondFactorFormProps {
  pending: PendingSignIn;
  /** The factor the page opens with (the URL's pincodeMethod). */
  initial: string;
  onSignedIn: (userData: TUserData) => void;
  onRestart: (reason?: string) => void;
  /** A code was texted: the SMS code page takes over. */
  onSmsSent: () => void;
}

/**
 * The PIN step of a user who set up an authenticator app or a passkey: the factors they have,
 * one at a time (app code, passkey, SMS code, recovery code), chosen with radio buttons.
 */
export function SecondFactorForm({
  pending,
  initial,
  onSignedIn,
  onRestart,
  onSmsSent,
}: SecondFactorFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const offered = FACTORS.filter((factor) => pending.factors?.includes(factor));
  const [factor, setFactor] = useState<TFactor>(
    offered.includes(initial as TFactor) ? (initial as TFactor) : (offered[0] ?? 'TOTP'),
  );
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useVerifySecondFactor();
  const passkey = useSignInWithPasskey();
  const resend = useResendPin();
  const errorId = useId();

  const onFailure = (error: Error) => {
    if (endsPendingSignIn(error)) {
      onRestart(error.code);
      return;
    }
    setFailure(
      error.name === 'NotAllowedError' || error.name === 'AbortError'
        ? t('auth:factors.passkeyCancelled')
        : translateSignInError(t, error),
    );
  };

  const choose = (next: TFactor) => {
    setFactor(next);
    setFailure(null);
    setCodeError(null);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (factor === 'TOTP') {
      const problem = pinCodeProblem(code);
      setCodeError(problem ? t('auth:validation.pinCode.invalid_format') : null);
      if (problem) return;
      verify.run({ method: 'TOTP', code }).then(onSignedIn, (error: Error) => {
        setCode('');
        onFailure(error);
      });
      return;
    }
    if (!/^[a-z2-7]{10}$/i.test(recovery.replace(/[\s-]/g, ''))) {
      setCodeError(t('auth:factors.recoveryFormat'));
      return;
    }
    setCodeError(null);
    verify.run({ method: 'RECOVERY', code: recovery }).then(onSignedIn, onFailure);
  };

  const signInByPasskey = () => {
    setFailure(null);
    passkey.run(undefined).then(onSignedIn, onFailure);
  };

  const sendSms = () => {
    setFailure(null);
    resend.run(undefined).then((answer) => {
      updatePendingSignIn({ maskedMobile: answer.maskedMobile });
      onSmsSent();
    }, onFailure);
  };

  return (
    <div className={classes.stack}>
      {offered.length > 1 ? (
        <fieldset className={`${classes.field} ${classes.fieldset}`} data-testid="factor-choice">
          <legend className={`${classes.label} ${classes.legend}`}>{t('auth:factors.choose')}</legend>
          {offered.map((option) => (
            <label
              key={option}
              className={classes.text}
              style={{ display: 'flex', gap: 8, alignItems: 'center' }}
            >
              <input
                type="radio"
                name="factor"
                value={option}
                checked={factor === option}
                onChange={() => choose(option)}
                data-testid={`factor-${option}`}
              />
              {t(`auth:factors.option.${option}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {failure ? (
        <PlainAlert tone="error" title={t('auth:pin.failedTitle')} role="alert" data-testid="factor-error">
          {failure}
        </PlainAlert>
      ) : null}

      {factor === 'TOTP' || factor === 'RECOVERY' ? (
        <form onSubmit={submitCode} noValidate aria-label={t(`auth:factors.option.${factor}`)}>
          <div className={classes.stack}>
            {factor === 'TOTP' ? (
              <fieldset className={`${classes.field} ${classes.fieldset}`} data-testid="totp-input">
                <legend className={`${classes.label} ${classes.legend}`}>
                  {t('auth:factors.totpLabel')}
                </legend>
                <PinDigits
                  length={PIN_CODE_LENGTH}
                  value={code}
                  onChange={setCode}
                  digitLabel={(position) => t('auth:pin.digit', { position })}
                  invalid={Boolean(codeError)}
                  describedBy={codeError ? errorId : undefined}
                  autoFocus
                />
                {codeError ? (
                  <p id={errorId} className={classes.error}>
                    {codeError}
                  </p>
                ) : null}
              </fieldset>
            ) : (
              <PlainField
                label={t('auth:factors.recoveryLabel')}
                value={recovery}
                onChange={(event) => setRecovery(event.target.value)}
                error={codeError ?? undefined}
                autoComplete="one-time-code"
                data-testid="recovery-input"
              />
            )}
            <PlainButton type="submit" loading={verify.isPending} data-testid="factor-verify" wide>
              {t('auth:pin.verify')}
            </PlainButton>
          </div>
        </form>
      ) : null}

      {factor === 'PASSKEY' ? (
        <PlainButton onClick={signInByPasskey} loading={passkey.isPending} data-testid="passkey-sign-in" wide>
          {t('auth:factors.usePasskey')}
        </PlainButton>
      ) : null}

      {factor === 'SMS' ? (
        <PlainButton onClick={sendSms} loading={resend.isPending} data-testid="factor-send-sms" wide>
          {t('auth:factors.sendSms')}
        </PlainButton>
      ) : null}

      <div className={classes.row}>
        <button type="button" className={classes.link} onClick={() => onRestart()}>
          {t('auth:pin.backToLogin')}
        </button>
      </div>
    </div>
  );
}
