import { Alert, Box, Button, Group, Image, Input, Loader, Stack, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CaptchaPicture } from '../api/get-captcha';

/** The longest answer the contract accepts. */
const ANSWER_MAX_LENGTH = 12;

interface CaptchaFieldProps {
  captcha: CaptchaPicture | undefined;
  /** A picture is on its way (the first one, or a new one): the old one is no longer worth answering. */
  isLoading: boolean;
  failed: boolean;
  onRefresh: () => void;
  error: string | undefined;
  /** The answer box's registration with the form. */
  inputProps: UseFormRegisterReturn<'captchaAnswer'>;
}

/** The SVG comes as a blob: an object URL shows it without allowing it to run anything. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function CaptchaField({
  captcha,
  isLoading,
  failed,
  onRefresh,
  error,
  inputProps,
}: CaptchaFieldProps) {
  const { t } = useTranslation('accountSetup');
  const url = useObjectUrl(captcha?.picture);
  const titleId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Input.Label id={titleId} labelElement="div">
        {t('captcha.legend')}
      </Input.Label>
      <Group gap="sm" align="center" wrap="nowrap">
        <Box
          w={200}
          h={64}
          bd="1px solid var(--mantine-color-gray-4)"
          bg="white"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
        >
          {url && !isLoading ? (
            <Image
              src={url}
              alt={t('captcha.alt')}
              w={200}
              h={64}
              fit="contain"
              data-testid="captcha-picture"
            />
          ) : isLoading ? (
            <Loader size="sm" aria-label={t('captcha.loading')} />
          ) : null}
        </Box>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onRefresh}
          disabled={isLoading}
          data-testid="captcha-refresh"
        >
          {t('captcha.refresh')}
        </Button>
      </Group>
      {failed ? (
        <Alert color="red" role="alert" data-testid="captcha-failed">
          {t('captcha.failed')}
        </Alert>
      ) : null}
      <TextInput
        label={t('captcha.answer')}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={ANSWER_MAX_LENGTH}
        data-testid="captcha-answer"
        error={error}
        {...inputProps}
      />
    </Stack>
  );
}
