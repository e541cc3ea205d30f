import {
  CloseButton,
  type CloseButtonProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineTheme,
  Menu,
} from '@mantine/core';

/**
 * The one palette of the portal, WCAG 2.2 AA in light and dark. Mantine's own text shades
 * fall short on white (grey 3.3:1, red 3.6:1, indigo buttons 4.3:1), so the filled colours
 * use shade 8 and every coloured text uses the shades below, each at least 4.5:1 on white, on
 * the grey page background, on its own colour's light tints (shades 1 and 2: light variants and
 * their hover) and on the selected row's light indigo.
 */
const TEXT_ON_LIGHT: Record<string, string> = {
  red: '#a21d1d',
  orange: '#933505',
  yellow: '#734a00',
  green: '#206029',
  teal: '#065e4a',
  cyan: '#0a5c6c',
  blue: '#145490',
  indigo: '#3249b7',
  violet: '#5939b8',
  grape: '#812c96',
  pink: '#9f1d4a',
  lime: '#445b08',
  gray: '#495057',
};

/** On the dark body (#242424) and dark inputs (#2e2e2e), shade 3 of each colour is at least 5.6:1. */
const DARK_TEXT_SHADE = 3;

const DARK = DEFAULT_THEME.colors.dark as MantineColorsTuple;

/** Colours the portal's own CSS uses (module CSS reads them as var(--settle-…)). */
const PORTAL_LIGHT = {
  '--settle-page-background': 'var(--mantine-color-gray-0)',
  '--settle-pane-background': 'var(--mantine-color-gray-1)',
  '--settle-rule': 'var(--mantine-color-gray-3)',
  '--settle-negative': TEXT_ON_LIGHT.red as string,
  '--settle-focus-ring': 'var(--mantine-color-indigo-8)',
};

const PORTAL_DARK = {
  '--settle-page-background': DARK[8],
  '--settle-pane-background': DARK[6],
  '--settle-rule': DARK[4],
  '--settle-negative': 'var(--mantine-color-red-3)',
  '--settle-focus-ring': 'var(--mantine-color-indigo-3)',
};

export const cssVariablesResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = {
    ...PORTAL_LIGHT,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders are hints, not labels, but still text: 4.7:1 on white.
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': TEXT_ON_LIGHT.red as string,
    '--mantine-color-anchor': TEXT_ON_LIGHT.indigo as string,
  };
  const dark: Record<string, string> = {
    ...PORTAL_DARK,
    '--mantine-color-dimmed': DARK[1],
    '--mantine-color-placeholder': '#9e9e9e',
    '--mantine-color-error': 'var(--mantine-color-red-3)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
  };
  for (const color of Object.keys(theme.colors)) {
    const onLight = TEXT_ON_LIGHT[color];
    if (onLight) {
      light[`--mantine-color-${color}-text`] = onLight;
      // Light variants (badges, alerts, subtle buttons) write their text in this colour on a pale tint.
      light[`--mantine-color-${color}-light-color`] = onLight;
      // Outline buttons and badges draw text and border in it.
      light[`--mantine-color-${color}-outline`] = onLight;
    }
    if (color !== 'dark') {
      dark[`--mantine-color-${color}-text`] = `var(--mantine-color-${color}-${DARK_TEXT_SHADE})`;
      dark[`--mantine-color-${color}-outline`] = `var(--mantine-color-${color}-${DARK_TEXT_SHADE})`;
    }
  }
  return { variables: {}, light, dark };
};

/** The translated names the theme gives to Mantine's unnamed controls. */
export type ThemeLabels = (key: 'close' | `calendar.${keyof typeof CALENDAR_LABEL_KEYS}`) => string;

/**
 * The calendar's arrows (Mantine leaves them unnamed). Its level buttons keep their visible text
 * ("November 2026") as their name: a label without that text fails WCAG 2.5.3.
 */
const CALENDAR_LABEL_KEYS = {
  nextMonth: true,
  previousMonth: true,
  nextYear: true,
  previousYear: true,
  nextDecade: true,
  previousDecade: true,
} as const;

/**
 * The theme, with the translated names of the controls Mantine leaves unnamed (screen readers
 * announce them as a bare "button"): every close button (modals, notifications, alerts, drawers)
 * and the calendar's arrows (date pickers).
 */
export function createAppTheme(label: ThemeLabels) {
  const calendarLabels = Object.fromEntries(
    Object.keys(CALENDAR_LABEL_KEYS).map((key) => [
      key,
      label(`calendar.${key as keyof typeof CALENDAR_LABEL_KEYS}`),
    ]),
  );
  return createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 8, dark: 8 },
    // Black or white text on filled colours, whichever reads better (yellow, orange, lime take black).
    autoContrast: true,
    defaultRadius: 'md',
    focusRing: 'auto',
    components: {
      // Polymorphic props leave out the button's own attributes from the type; Mantine passes them on.
      CloseButton: CloseButton.extend({
        defaultProps: { 'aria-label': label('close') } as Partial<CloseButtonProps>,
      }),
      // Mantine's focus placeholder, a tabindex element inside role="menu", breaks the menu's ARIA
      // structure (axe: aria-required-children); the focus trap lands on the dropdown instead.
      Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
      // @mantine/dates reads its theme entries by name; every date picker draws a Calendar.
      Calendar: { defaultProps: { ariaLabels: calendarLabels } },
      // After a day is chosen the focus goes back to the field (Mantine drops it on the page's body).
      DatePickerInput: { defaultProps: { popoverProps: { returnFocus: true } } },
    },
  });
}
