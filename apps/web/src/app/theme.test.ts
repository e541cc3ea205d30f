import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { createAppTheme, cssVariablesResolver } from './theme';

const theme = mergeMantineTheme(
  DEFAULT_THEME,
  createAppTheme((key) => key),
);
const resolved = cssVariablesResolver(theme);
const light = resolved.light as Record<string, string>;
const dark = resolved.dark as Record<string, string>;
const primaryShade = theme.primaryShade as { light: number; dark: number };
const colors = theme.colors as Record<string, MantineColorsTuple>;

/** A hex colour, or var(--mantine-color-<name>-<shade>) resolved through the palette. */
function hex(value: string | undefined): string {
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? '');
  if (shade) return colors[shade[1]!]![Number(shade[2])]!;
  if (!/^#[0-9a-f]{6}$/i.test(value ?? '')) throw new Error(`not a colour this test can read: ${value}`);
  return value!;
}

/** WCAG 2 contrast ratio of two hex colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = [1, 3, 5].map((index) => {
      const channel = Number.parseInt(color.slice(index, index + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const TEXT_COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'indigo', 'gray'];

describe('the palette', () => {
  it('writes coloured text at 4.5:1 or more on white, the grey page, its own light tints and the selected row', () => {
    for (const name of TEXT_COLOURS) {
      const text = hex(light[`--mantine-color-${name}-text`]);
      const palette = colors[name]!;
      for (const background of ['#ffffff', colors.gray![0], palette[1], palette[2], colors.indigo![1]]) {
        expect(contrast(text, background!), `${name} text ${text} on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      expect(light[`--mantine-color-${name}-light-color`]).toBe(text);
    }
  });

  it('writes coloured text at 4.5:1 or more on the dark body and dark inputs', () => {
    for (const name of TEXT_COLOURS) {
      const text = hex(dark[`--mantine-color-${name}-text`]);
      for (const background of [colors.dark![7], colors.dark![6]]) {
        expect(contrast(text, background!), `${name} text ${text} on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });

  it('keeps dimmed text, placeholders, links, negatives and errors at 4.5:1 in both schemes', () => {
    for (const variable of [
      '--mantine-color-dimmed',
      '--mantine-color-placeholder',
      '--mantine-color-anchor',
      '--settle-negative',
      '--mantine-color-error',
    ]) {
      expect(contrast(hex(light[variable]), '#ffffff'), `${variable} on white`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(hex(dark[variable]), colors.dark![6]!), `${variable} on dark`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('puts white text on the primary buttons at 4.5:1, and a focus ring of 3:1 on either body', () => {
    const filled = colors.indigo![primaryShade.light]!;
    expect(contrast('#ffffff', filled)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', colors.indigo![primaryShade.dark]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(hex(light['--settle-focus-ring']), '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(hex(dark['--settle-focus-ring']), colors.dark![7]!)).toBeGreaterThanOrEqual(3);
  });

  it('names the close buttons and the calendar arrows with the translated labels', () => {
    const named = createAppTheme((key) => `«${key}»`);
    expect(named.components?.CloseButton?.defaultProps).toMatchObject({ 'aria-label': '«close»' });
    expect(named.components?.Calendar?.defaultProps).toMatchObject({
      ariaLabels: { nextMonth: '«calendar.nextMonth»', previousMonth: '«calendar.previousMonth»' },
    });
  });
});
