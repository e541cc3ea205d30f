import { ActionIcon, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncement } from '../api/get-announcement';
import classes from './announcement-ticker.module.css';

/**
 * The tenant's scrolling announcement. It moves for at most as long as the user lets it: a
 * pause button stops it (WCAG 2.2.2), and for users who ask for reduced motion it never
 * moves and wraps instead.
 */
export function AnnouncementTicker() {
  const { t } = useTranslation('dashboard');
  const announcement = useAnnouncement();
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const message = announcement.data?.message ?? '';
  if (message === '') return null;
  const still = reducedMotion || paused;
  return (
    <Paper
      component="section"
      aria-label={t('announcement.label')}
      withBorder
      radius="md"
      px="sm"
      py={6}
      className={classes.ticker}
      data-testid="announcement"
      data-moving={still ? 'false' : 'true'}
    >
      <Group gap="sm" wrap="nowrap">
        {reducedMotion ? null : (
          <Tooltip label={paused ? t('announcement.play') : t('announcement.pause')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={paused ? t('announcement.play') : t('announcement.pause')}
              aria-pressed={paused}
              onClick={() => setPaused(!paused)}
              data-testid="announcement-pause"
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </ActionIcon>
          </Tooltip>
        )}
        <div className={still ? classes.still : classes.window}>
          <Text size="sm" className={still ? undefined : classes.moving} data-testid="announcement-text">
            {message}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function PauseIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <rect x="6" y="4" width="4" height="16" />
      <rect x="14" y="4" width="4" height="16" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M7 4l13 8-13 8z" />
    </svg>
  );
}
