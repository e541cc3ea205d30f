import { Tooltip } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import classes from './invoice-grid.module.css';

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
  loading?: boolean;
}

/**
 * A grid tool button. A disabled one stays focusable and hoverable (aria-disabled, no
 * action) so that its tooltip can tell the user why it is disabled.
 *
 * A plain button styled in CSS (Mantine's subtle ActionIcon look): a page of 50 rows has 200 of
 * them, and a component each cost much of the page's drawing time. The tooltip is mounted only
 * while the button is hovered or focused, beside the button and pointed at it (`target`) rather
 * than wrapped around it, which would remount the button and lose the keyboard focus. Escape
 * hides it, as a tooltip must allow.
 */
export function ToolButton(props: ToolButtonProps) {
  const { label, icon, testId, disabledReason, onClick, loading } = props;
  const ref = useRef<HTMLButtonElement>(null);
  const tipId = useId();
  const [tipShown, setTipShown] = useState(false);
  const disabled = disabledReason !== undefined;
  const show = () => setTipShown(true);
  const hide = () => setTipShown(false);
  const common = {
    ref,
    className: `${classes.tool} mantine-focus-auto`,
    'aria-label': label,
    'aria-describedby': tipShown && disabled ? tipId : undefined,
    'aria-disabled': disabled ? ('true' as const) : undefined,
    'aria-busy': loading || undefined,
    'data-loading': loading ? 'true' : undefined,
    'data-testid': testId,
    onMouseEnter: show,
    onMouseLeave: hide,
    onFocus: show,
    onBlur: hide,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    },
  };
  const content = loading ? <span className={classes.toolSpinner} aria-hidden="true" /> : icon;
  const button = (
    <button
      {...common}
      type="button"
      onClick={(event) => {
        if (disabled || loading) event.preventDefault();
        else onClick?.();
      }}
    >
      {content}
    </button>
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
