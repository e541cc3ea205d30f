import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  drawCaptcha,
  normaliseAnswer,
  type RandomSource,
  randomAnswer,
} from './captcha-picture';

/** A strict XML parse (saxes, the parser jsdom uses): element names and non-blank text. */
function parseSvg(svg: string) {
  const parser = new SaxesParser({ xmlns: true });
  const elements: string[] = [];
  const texts: string[] = [];
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => elements.push(tag.local));
  parser.on('text', (text) => {
    if (text.trim()) texts.push(text);
  });
  parser.on('cdata', (text) => texts.push(text));
  parser.write(svg).close();
  if (failure) throw failure;
  return { elements, texts };
}

describe('captcha picture', () => {
  it('is a well-formed SVG with no text at all: the characters are outlines', async () => {
    const svg = await drawCaptcha('AB3XY9');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const { elements, texts } = parseSvg(svg);
    expect(texts).toEqual([]);
    expect(svg).not.toMatch(/<text|<tspan|<title|<desc|<foreignObject|<use|href=/i);
    expect(new Set(elements)).toEqual(new Set(['svg', 'rect', 'path', 'circle']));
    // One filled outline per character, plus stroked noise curves.
    expect(svg.match(/<path d="[^"]+" fill="#/g)).toHaveLength(CAPTCHA_LENGTH);
    expect(svg.match(/fill="none" stroke=/g)!.length).toBeGreaterThanOrEqual(4);
  });

  it('draws a different picture for a different answer, and for the same answer twice', async () => {
    const first = await drawCaptcha('AAAAAA');
    expect(await drawCaptcha('BBBBBB')).not.toBe(first);
    expect(await drawCaptcha('AAAAAA')).not.toBe(first);
  });

  /** Every point of every character's outline (control points too) lies inside the 200 × 70 picture. */
  function expectCharactersInside(svg: string) {
    const outlines = [...svg.matchAll(/<path d="([^"]+)" fill="#/g)].map((match) => match[1]!);
    expect(outlines).toHaveLength(CAPTCHA_LENGTH);
    for (const outline of outlines) {
      const numbers = outline.match(/-?\d+(\.\d+)?/g)!.map(Number);
      const xs = numbers.filter((_, index) => index % 2 === 0);
      const ys = numbers.filter((_, index) => index % 2 === 1);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...xs)).toBeLessThanOrEqual(200);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...ys)).toBeLessThanOrEqual(70);
    }
  }

  it('draws every character inside the picture, in pixels rather than font units', async () => {
    for (let round = 0; round < 20; round += 1) expectCharactersInside(await drawCaptcha(randomAnswer()));
  });

  it('keeps wide or tall characters inside at the far ends of their turn, size and shift', async () => {
    // The first character's first draws are, in order: its size, its turn, its shift across and
    // down. `first` sets those (the first as large and as far left as it goes); every later draw
    // (its points' jitter, then the other characters' draws) is `jitter`, which at FAR sends the
    // last character as large and as far right and down as it goes.
    const FAR = 0.999999;
    const scripted = (first: number[], jitter: number): RandomSource => {
      let draw = 0;
      return () => {
        draw += 1;
        return draw <= first.length ? first[draw - 1]! : jitter;
      };
    };
    for (const answer of ['WMWMWM', 'MWQJAB', 'QJMWXY', 'JQWMAB']) {
      for (const turn of [0, FAR]) {
        for (const down of [0, FAR]) {
          for (const jitter of [0, FAR]) {
            expectCharactersInside(await drawCaptcha(answer, scripted([FAR, turn, 0, down], jitter)));
          }
        }
      }
    }
  });

  it('asks for characters nobody confuses, compared without case or spaces', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL]/);
    for (let index = 0; index < 200; index += 1) {
      expect(randomAnswer()).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    }
    expect(normaliseAnswer(' ab3 xy9 ')).toBe('AB3XY9');
  });
});
