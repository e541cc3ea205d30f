import { TOOL_ICON_MASKS } from './action-icons';
import classes from './invoice-grid.module.css';

export type TToolIcon = keyof typeof TOOL_ICON_MASKS;

export interface ToolButtonProps {
  /** The accessible name: says what and on which invoice ("Promise invoice INV-1001"). */
  label: string;
  /** The tooltip of an enabled button (the short action name); the label when absent. */
  tooltip?: string;
  icon: TToolIcon;
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
 * A page of 50 rows has 200 of them, so each is a plain button with no hook and no component:
 * Mantine's subtle ActionIcon look in CSS, the icon a CSS mask rather than an SVG, and the
 * tooltip text in data-tip for the one tooltip of the table (ToolTips) to show on hover or focus.
 */
export function toolButton(props: ToolButtonProps) {
  const { label, icon, testId, disabledReason, onClick, loading } = props;
  const disabled = disabledReason !== undefined;
  return (
    <button
      type="button"
      className={`${classes.tool} mantine-focus-auto`}
      aria-label={label}
      aria-disabled={disabled ? 'true' : undefined}
      aria-busy={loading || undefined}
      data-loading={loading ? 'true' : undefined}
      data-tip={disabled ? disabledReason : (props.tooltip ?? label)}
      data-testid={testId}
      onClick={(event) => {
        if (disabled || loading) event.preventDefault();
        else onClick?.();
      }}
    >
      {loading ? (
        <span className={classes.toolSpinner} aria-hidden="true" />
      ) : (
        <span className={classes.toolIcon} style={{ maskImage: TOOL_ICON_MASKS[icon] }} aria-hidden="true" />
      )}
    </button>
  );
}
