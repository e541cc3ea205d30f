import { Tooltip } from '@mantine/core';
import { type FocusEvent, type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import classes from './invoice-grid.module.css';

const toolOf = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>('[data-tip]') : null;

/**
 * The one tooltip of a table's tool buttons (toolButton): it follows the pointer and the
 * keyboard focus from button to button by event delegation, so that the buttons themselves
 * hold no state. A disabled button's reason is also its description (aria-describedby) while
 * shown; Escape hides it, as a tooltip must allow.
 */
export function ToolTips({ children }: { children: ReactNode }) {
  const tipId = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (target?.getAttribute('aria-disabled') !== 'true') return;
    target.setAttribute('aria-describedby', tipId);
    return () => target.removeAttribute('aria-describedby');
  }, [target, tipId]);

  const enter = (event: MouseEvent | FocusEvent) => {
    const tool = toolOf(event.target);
    if (tool) setTarget(tool);
  };
  const leave = (event: MouseEvent | FocusEvent) => {
    const tool = toolOf(event.target);
    if (tool && toolOf(event.relatedTarget) !== tool)
      setTarget((current) => (current === tool ? null : current));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only listens to its buttons' events as they bubble (delegation); it is no control itself
    <div
      className={classes.toolTips}
      onMouseOver={enter}
      onMouseOut={leave}
      onFocus={enter}
      onBlur={leave}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setTarget(null);
      }}
    >
      {children}
      {target?.isConnected ? (
        <>
          <Tooltip target={target} opened label={target.dataset.tip} withArrow multiline maw={260} />
          {/* The description a disabled button points to (Mantine's tooltip keeps an id of its own). */}
          <span id={tipId} className={classes.visuallyHidden}>
            {target.dataset.tip}
          </span>
        </>
      ) : null}
    </div>
  );
}
