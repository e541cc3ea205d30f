import type { TWidget, TWidgetType } from '@settle/shared/dashboard';
import type { ComponentType } from 'react';

/** What every widget gets: its settings, and how often to reload (false: never). */
export type WidgetProps = { widget: TWidget; refetchInterval: number | false };

export type WidgetDefinition = {
  /** `dashboard:widgets.<titleKey>`: the name in the add menu, and the title when the user gave none. */
  titleKey: string;
  Component: ComponentType<WidgetProps>;
};

/**
 * The widgets the board can show, composed by the app (widgets built on other features live
 * there). A new widget is one file and one entry; a type without an entry is not offered.
 */
export type WidgetRegistry = Partial<Record<TWidgetType, WidgetDefinition>>;

export function refetchIntervalOf(widget: TWidget): number | false {
  return widget.refreshInterval > 0 ? widget.refreshInterval * 60_000 : false;
}
