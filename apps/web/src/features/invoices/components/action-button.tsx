import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  testId: string;
  /** Why the action is off; the button then looks disabled and says so in its tooltip. */
  disabledReason?: string;
  onClick?: () => void;
  /** A link instead of an action (the dispute screen). */
  to?: string;
  loading?: boolean;
  size?: ButtonProps['size'];
}

/**
 * A labelled action button (detail page, selection toolbar). A disabled one stays focusable
 * and hoverable (aria-disabled, no action) so that its tooltip can tell the user why.
 */
export function ActionButton(props: ActionButtonProps) {
  const common = {
    variant: 'light' as const,
    size: props.size ?? ('sm' as const),
    leftSection: props.icon,
    'data-testid': props.testId,
  };
  if (props.disabledReason !== undefined) {
    return (
      <Tooltip label={props.disabledReason} withArrow multiline maw={260}>
        <Button
          {...common}
          color="gray"
          data-disabled
          aria-disabled="true"
          onClick={(event) => event.preventDefault()}
        >
          {props.label}
        </Button>
      </Tooltip>
    );
  }
  return props.to ? (
    <Button {...common} component={Link} to={props.to}>
      {props.label}
    </Button>
  ) : (
    <Button {...common} onClick={props.onClick} loading={props.loading}>
      {props.label}
    </Button>
  );
}
