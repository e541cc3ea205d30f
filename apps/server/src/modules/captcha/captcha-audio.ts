import { cryptoRandom, type RandomSource } from './captcha-picture';

/**
 * The audio alternative to the captcha picture, for people who cannot see it: a few numbers,
 * each played as that many short beeps, a longer pause between numbers ("count the beeps").
 * Made here as a WAV file: no speech service, no voice files. Pitch, length and loudness
 * vary a little and soft noise runs underneath, so that the file is not the same twice.
 */

export const AUDIO_CAPTCHA_LENGTH = 5;
/** Each number is 1 to this many beeps: short enough to count without strain. */
export const AUDIO_CAPTCHA_MAX_BEEPS = 6;

const SAMPLE_RATE = 8000;
const BEEP_SECONDS = 0.12;
const BEEP_GAP_SECONDS = 0.16;
const NUMBER_GAP_SECONDS = 1.1;
const LEAD_IN_SECONDS = 0.5;

export function randomAudioAnswer(random: RandomSource = cryptoRandom): string {
  return Array.from({ length: AUDIO_CAPTCHA_LENGTH }, () =>
    String(1 + Math.floor(random() * AUDIO_CAPTCHA_MAX_BEEPS)),
  ).join('');
}

/** 16-bit mono PCM WAV of the answer's numbers as groups of beeps. */
export function renderAudioCaptcha(answer: string, random: RandomSource = cryptoRandom): Buffer {
  const between = (min: number, max: number) => min + random() * (max - min);
  const samples: number[] = [];
  const silence = (seconds: number) => {
    for (let index = 0; index < Math.round(seconds * SAMPLE_RATE); index += 1) samples.push(0);
  };
  const beep = (frequency: number, seconds: number, loudness: number) => {
    const count = Math.round(seconds * SAMPLE_RATE);
    // A short fade in and out: clicks at the edges would make the beeps harder to count.
    const fade = Math.round(0.01 * SAMPLE_RATE);
    for (let index = 0; index < count; index += 1) {
      const envelope = Math.min(1, index / fade, (count - index) / fade);
      samples.push(loudness * envelope * Math.sin((2 * Math.PI * frequency * index) / SAMPLE_RATE));
    }
  };

  silence(LEAD_IN_SECONDS);
  for (const character of answer) {
    const beeps = Number(character);
    const frequency = between(620, 900);
    for (let index = 0; index < beeps; index += 1) {
      beep(frequency, between(BEEP_SECONDS * 0.9, BEEP_SECONDS * 1.1), between(0.55, 0.7));
      silence(between(BEEP_GAP_SECONDS * 0.9, BEEP_GAP_SECONDS * 1.1));
    }
    silence(NUMBER_GAP_SECONDS);
  }

  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => {
    const noisy = sample + between(-0.03, 0.03);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, noisy)) * 32_767), index * 2);
  });
  return Buffer.concat([wavHeader(data.length), data]);
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
