import { Alert, Box, Button, Group, Image, Input, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CaptchaKind, CaptchaPicture } from '../api/get-captcha';

/** The longest answer the contract accepts. */
const ANSWER_MAX_LENGTH = 12;

interface CaptchaFieldProps {
  captcha: CaptchaPicture | undefined;
  /** A picture is on its way (the first one, or a new one): the old one is no longer worth answering. */
  isLoading: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** Switches between the picture and its audio alternative (a new challenge either way). */
  onKindChange: (kind: CaptchaKind) => void;
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
  onKindChange,
  error,
  inputProps,
}: CaptchaFieldProps) {
  const { t } = useTranslation('accountSetup');
  const url = useObjectUrl(captcha?.media);
  const audio = captcha?.kind === 'audio';
  const titleId = useId();
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Input.Label id={titleId} labelElement="div">
        {t('captcha.legend')}
      </Input.Label>
      <Group gap="sm" align="center" wrap="wrap">
        <Box
          w={audio ? '100%' : 200}
          maw={300}
          h={64}
          bd="1px solid var(--mantine-color-gray-4)"
          bg="white"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
        >
          {url && !isLoading ? (
            audio ? (
              // biome-ignore lint/a11y/useMediaCaption: the sound is beeps to count; the instructions below say how
              <audio
                controls
                src={url}
                aria-label={t('captcha.audioLabel')}
                data-testid="captcha-audio"
                style={{ width: '100%' }}
              />
            ) : (
              <Image
                src={url}
                alt={t('captcha.alt')}
                w={200}
                h={64}
                fit="contain"
                data-testid="captcha-picture"
              />
            )
          ) : isLoading ? (
            <Loader size="sm" aria-label={t(audio ? 'captcha.loadingAudio' : 'captcha.loading')} />
          ) : null}
        </Box>
        <Group gap={4}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onRefresh}
            disabled={isLoading}
            data-testid="captcha-refresh"
          >
            {t(audio ? 'captcha.refreshAudio' : 'captcha.refresh')}
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onKindChange(audio ? 'picture' : 'audio')}
            disabled={isLoading}
            data-testid="captcha-switch"
          >
            {t(audio ? 'captcha.usePicture' : 'captcha.useAudio')}
          </Button>
        </Group>
      </Group>
      {audio ? (
        <Text size="sm" c="dimmed" data-testid="captcha-audio-help">
          {t('captcha.audioHelp')}
        </Text>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert" data-testid="captcha-failed">
          {t('captcha.failed')}
        </Alert>
      ) : null}
      <TextInput
        label={t(audio ? 'captcha.audioAnswer' : 'captcha.answer')}
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
