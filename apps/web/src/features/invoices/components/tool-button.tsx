import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ToolButtonProps {
  /** The accessible name, and the tooltip of an enabled button. */
  label: string;
  icon: ReactNode;
  testId: string;
  /** The refusal reason of a disabled button; it becomes the tooltip. */
  disabledReason?: string;
  onClick?: () => void;
  /** A link instead of an action (the dispute screen). */
  to?: string;
  loading?: boolean;
}

/**
 * A grid tool button. A disabled one stays focusable and hoverable (aria-disabled, no
 * action) so that its tooltip can tell the user why it is disabled.
 */
export function ToolButton({ label, icon, testId, disabledReason, onClick, to, loading }: ToolButtonProps) {
  const disabled = disabledReason !== undefined;
  const common = {
    variant: 'subtle' as const,
    size: 'md' as const,
    'aria-label': label,
    'data-testid': testId,
    loading,
  };
  const button = disabled ? (
    <ActionIcon
      {...common}
      color="gray"
      data-disabled
      aria-disabled="true"
      onClick={(event) => event.preventDefault()}
    >
      {icon}
    </ActionIcon>
  ) : to ? (
    <ActionIcon {...common} component={Link} to={to}>
      {icon}
    </ActionIcon>
  ) : (
    <ActionIcon {...common} onClick={onClick}>
      {icon}
    </ActionIcon>
  );
  return (
    <Tooltip label={disabled ? disabledReason : label} withArrow openDelay={200} multiline maw={260}>
      {button}
    </Tooltip>
  );
}
