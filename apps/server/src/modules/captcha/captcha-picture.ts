import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as fontkit from 'fontkit';

/**
 * The captcha picture: characters drawn as glyph outlines of the DejaVu font, never as text,
 * so that reading the SVG's markup gives no answer. Each glyph is rotated, scaled and shifted
 * on its own, its outline points are jittered (the path data matches no font outline), the
 * shapes are written in a shuffled order (the markup's order is not the reading order), and
 * noise curves and dots cross them.
 */

/** No 0/O, 1/I/L: characters a person cannot tell apart are left out. */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 6;

const WIDTH = 200;
const HEIGHT = 70;
/** Pixel size of one em; DejaVu's capitals are about 0.73 em high. */
const FONT_SIZE = 38;
/** Dark colours with at least 7:1 contrast on the light background. */
const INKS = ['#1b3a6b', '#5a1b1b', '#1d4d2b', '#4a235a', '#333333', '#6b3d00', '#0b4f5c'];
const BACKGROUND = '#f4f6f8';

/** Draws from [0, 1): crypto by default, a seeded source in tests. */
export type RandomSource = () => number;
export const cryptoRandom: RandomSource = () => randomInt(0, 2 ** 32) / 2 ** 32;

let font: fontkit.Font | undefined;

/** fontkit and the font are loaded by the first picture, not at start. */
async function captchaFont(): Promise<fontkit.Font> {
  if (!font) {
    const { openSync } = await import('fontkit');
    const directory = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    font = openSync(path.join(directory, 'DejaVuSans-Bold.ttf')) as fontkit.Font;
  }
  return font;
}

export function randomAnswer(random: RandomSource = cryptoRandom): string {
  return Array.from(
    { length: CAPTCHA_LENGTH },
    () => CAPTCHA_ALPHABET[Math.floor(random() * CAPTCHA_ALPHABET.length)]!,
  ).join('');
}

/** Answers compare without case or spaces: people type what they see, in any case. */
export function normaliseAnswer(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase();
}

type Point = [number, number];

export async function drawCaptcha(answer: string, random: RandomSource = cryptoRandom): Promise<string> {
  const between = (min: number, max: number) => min + random() * (max - min);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const face = await captchaFont();
  const slot = (WIDTH - 20) / answer.length;
  const shapes: string[] = [];

  [...answer].forEach((character, index) => {
    const glyph = face.glyphForCodePoint(character.codePointAt(0)!);
    const box = glyph.path.bbox;
    // Wide glyphs (M, W) are narrowed to about their slot, so that neighbours stay apart.
    const fitting = (slot * 1.15) / (box.maxX - box.minX);
    const scale = Math.min((FONT_SIZE / face.unitsPerEm) * between(0.85, 1.15), fitting);
    const angle = between(-0.45, 0.45);
    const centreX = 10 + slot * (index + 0.5) + between(-3, 3);
    const centreY = HEIGHT / 2 + between(-6, 6);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const glyphCentre: Point = [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
    // Font units are y-up around the glyph's centre; the picture is y-down around the slot's.
    const place = ([x, y]: Point): Point => {
      const dx = (x - glyphCentre[0]) * scale;
      const dy = -(y - glyphCentre[1]) * scale;
      return [
        centreX + dx * cos - dy * sin + between(-0.6, 0.6),
        centreY + dx * sin + dy * cos + between(-0.6, 0.6),
      ];
    };
    const placed = keptInside(placedOutline(glyph.path.commands, place));
    shapes.push(`<path d="${pathData(placed)}" fill="${pick(INKS)}"/>`);
  });

  for (let line = 0; line < 6; line += 1) {
    const points = [0, 1, 2, 3].map(
      (step): Point => [between(-10, 30) + step * between(50, 65), between(5, HEIGHT - 5)],
    );
    shapes.push(
      `<path d="M${xy(points[0]!)}C${points.slice(1).map(xy).join(' ')}" fill="none" stroke="${pick(INKS)}" stroke-width="${between(1.2, 2.4).toFixed(1)}" stroke-opacity="${between(0.55, 0.9).toFixed(2)}"/>`,
    );
  }
  for (let dot = 0; dot < 30; dot += 1) {
    shapes.push(
      `<circle cx="${between(0, WIDTH).toFixed(1)}" cy="${between(0, HEIGHT).toFixed(1)}" r="${between(0.8, 2).toFixed(1)}" fill="${pick(INKS)}"/>`,
    );
  }
  shuffle(shapes, random);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${BACKGROUND}"/>`,
    ...shapes,
    '</svg>',
  ].join('');
}

type PlacedCommand = { letter: 'M' | 'L' | 'Q' | 'C' | 'Z'; points: Point[] };

const LETTERS: Record<string, PlacedCommand['letter']> = {
  moveTo: 'M',
  lineTo: 'L',
  quadraticCurveTo: 'Q',
  bezierCurveTo: 'C',
};

/** A fontkit outline with every point moved by `place`. */
function placedOutline(commands: fontkit.PathCommand[], place: (point: Point) => Point): PlacedCommand[] {
  return commands.map(({ command, args }) => {
    const points: Point[] = [];
    for (let index = 0; index + 1 < args.length; index += 2)
      points.push(place([args[index]!, args[index + 1]!]));
    return { letter: LETTERS[command] ?? 'Z', points };
  });
}

/** Margin kept between a character and the picture's edge, in pixels. */
const EDGE = 1;

/**
 * The outline moved, whole, back inside the picture: a character turned, grown and shifted to
 * the far ends of its draws can reach past an edge (by a pixel or so, at the first and last slots),
 * and a cut character cannot be read. Control points count too: a curve stays within them.
 */
function keptInside(commands: PlacedCommand[]): PlacedCommand[] {
  const points = commands.flatMap((command) => command.points);
  if (points.length === 0) return commands;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const shift = (least: number, most: number, size: number) =>
    least < EDGE ? EDGE - least : most > size - EDGE ? size - EDGE - most : 0;
  const dx = shift(Math.min(...xs), Math.max(...xs), WIDTH);
  const dy = shift(Math.min(...ys), Math.max(...ys), HEIGHT);
  if (dx === 0 && dy === 0) return commands;
  return commands.map(({ letter, points }) => ({
    letter,
    points: points.map(([x, y]): Point => [x + dx, y + dy]),
  }));
}

/** SVG path data of a placed outline. */
function pathData(commands: PlacedCommand[]): string {
  return commands.map(({ letter, points }) => `${letter}${points.map(xy).join(' ')}`).join('');
}

function xy([x, y]: Point): string {
  return `${x.toFixed(1)} ${y.toFixed(1)}`;
}

function shuffle<T>(items: T[], random: RandomSource): void {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
}
