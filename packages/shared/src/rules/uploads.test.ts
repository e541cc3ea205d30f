import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUploadFile, fileExtension, isSafeFileName, queueRoom, UPLOAD_EXTENSIONS } from './uploads';

describe('checkUploadFile', () => {
  it('accepts every allowed extension in either case', () => {
    for (const extension of UPLOAD_EXTENSIONS) {
      expect(checkUploadFile({ name: `a.${extension}`, size: 1 }, 50)).toEqual({ ok: true, extension });
      expect(checkUploadFile({ name: `A.${extension.toUpperCase()}`, size: 1 }, 50)).toEqual({
        ok: true,
        extension,
      });
    }
  });

  it('refuses another extension, or none, naming the file', () => {
    expect(checkUploadFile({ name: 'x.exe', size: 1 }, 50)).toEqual({
      ok: false,
      message: 'x.exe contains invalid file extension.',
    });
    expect(checkUploadFile({ name: 'README', size: 1 }, 50)).toMatchObject({ ok: false });
    expect(checkUploadFile({ name: '.pdf', size: 1 }, 50)).toMatchObject({ ok: false });
  });

  it('refuses an empty file and one over the limit (in MB)', () => {
    expect(checkUploadFile({ name: 'a.txt', size: 0 }, 50)).toEqual({
      ok: false,
      message: 'a.txt is not allowed to upload as the file is empty',
    });
    expect(checkUploadFile({ name: 'a.txt', size: 2 * 1024 * 1024 }, 2)).toMatchObject({ ok: true });
    expect(checkUploadFile({ name: 'a.txt', size: 2 * 1024 * 1024 + 1 }, 2)).toEqual({
      ok: false,
      message: 'a.txt is not allowed, exceeds 2 Mb',
    });
  });

  it('accepts exactly the sizes from 1 byte to the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 5 * 1024 * 1024 }),
        fc.integer({ min: 1, max: 4 }),
        (size, mb) => {
          expect(checkUploadFile({ name: 'a.pdf', size }, mb).ok).toBe(size > 0 && size <= mb * 1024 * 1024);
        },
      ),
    );
  });
});

describe('file names', () => {
  it('takes the extension after the last dot, lower-cased', () => {
    expect(fileExtension('scan.final.JFIF-TBNL')).toBe('jfif-tbnl');
    expect(fileExtension('noext')).toBe('');
  });

  it('refuses names carrying a path or control characters', () => {
    for (const name of ['../a.txt', 'a/b.txt', 'a\\b.txt', 'a\u0000.txt', 'line\nbreak.txt', '', '..']) {
      expect(isSafeFileName(name), JSON.stringify(name)).toBe(false);
    }
    expect(isSafeFileName('Réponse (final) v2.pdf')).toBe(true);
  });

  it('leaves room for at most 10 files', () => {
    expect([0, 4, 10, 12].map(queueRoom)).toEqual([10, 6, 0, 0]);
  });
});
