import { ActionIcon, Tooltip } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

export interface ToolButtonProps {
  /** The accessible name: says what and on which invoice ("Promise invoice INV-1001"). */
  label: string;
  /** The tooltip of an enabled button (the short action name); the label when absent. */
  tooltip?: string;
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
 *
 * The tooltip is mounted only while the button is hovered or focused, beside the button and
 * pointed at it (`target`) rather than wrapped around it: a Mantine Tooltip per button cost
 * most of the time of drawing a page of 200 of them, and wrapping it on demand would remount
 * the button and lose the keyboard focus. Escape hides it, as a tooltip must allow.
 */
export function ToolButton(props: ToolButtonProps) {
  const { label, icon, testId, disabledReason, onClick, to, loading } = props;
  const ref = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const tipId = useId();
  const [tipShown, setTipShown] = useState(false);
  const disabled = disabledReason !== undefined;
  const show = () => setTipShown(true);
  const hide = () => setTipShown(false);
  const common = {
    ref,
    variant: 'subtle' as const,
    size: 'md' as const,
    'aria-label': label,
    'aria-describedby': tipShown && disabled ? tipId : undefined,
    'data-testid': testId,
    loading,
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hide,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    },
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
    <>
      {button}
      {tipShown ? (
        <Tooltip
          id={tipId}
          target={ref}
          opened
          label={disabled ? disabledReason : (props.tooltip ?? label)}
          withArrow
          multiline
          maw={260}
        />
      ) : null}
    </>
  );
}
