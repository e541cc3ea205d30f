import {
  CloseButton,
  type CloseButtonProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/**
 * The one palette of the portal, WCAG 2.2 AA in light and dark. Mantine's own text shades
 * fall short on white (grey 3.3:1, red 3.6:1, indigo buttons 4.3:1), so the filled colours
 * use shade 8 and every coloured text uses the shades below, each at least 4.5:1 on white,
 * on the grey page background and on the selected row's light indigo.
 */
const TEXT_ON_LIGHT: Record<string, string> = {
  red: '#b02020',
  orange: '#a33b06',
  yellow: '#7a4f00',
  green: '#236b2e',
  teal: '#066650',
  cyan: '#0b6475',
  blue: '#1864ab',
  indigo: '#364fc7',
  violet: '#5f3dc4',
  grape: '#862e9c',
  pink: '#a61e4d',
  lime: '#4a6309',
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

/**
 * The theme, with the translated name of every close button (modals, notifications, alerts,
 * drawers): Mantine leaves them unnamed, which screen readers announce as a bare "button".
 */
export function createAppTheme(labels: { close: string }) {
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
        defaultProps: { 'aria-label': labels.close } as Partial<CloseButtonProps>,
      }),
    },
  });
}
