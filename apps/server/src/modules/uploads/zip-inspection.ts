import type yauzl from 'yauzl';

/** What an archive may expand to. Past these it is treated as a zip bomb. */
export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxExpandedBytes: 1024 * 1024 * 1024,
  /** A high ratio alone is normal for small text files; only a large expansion makes it suspicious. */
  maxRatio: 100,
  ratioAppliesAbove: 10 * 1024 * 1024,
};

export type ZipVerdict = { ok: true } | { ok: false; reason: 'entries' | 'expansion' | 'ratio' | 'corrupt' };

/**
 * Reads the central directory only (nothing is extracted): the entry count and the sizes
 * the archive declares. yauzl also refuses entry names that are absolute or climb out ("..").
 */
export async function inspectZip(
  filePath: string,
  compressedSize: number,
  limits = ZIP_LIMITS,
): Promise<ZipVerdict> {
  const { open } = await import('yauzl');
  return new Promise((resolve) => {
    open(filePath, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return resolve({ ok: false, reason: 'corrupt' });
      let entries = 0;
      let expanded = 0;
      const stop = (verdict: ZipVerdict) => {
        zip.close();
        resolve(verdict);
      };
      zip.on('error', () => resolve({ ok: false, reason: 'corrupt' }));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        expanded += entry.uncompressedSize;
        if (entries > limits.maxEntries) return stop({ ok: false, reason: 'entries' });
        if (expanded > limits.maxExpandedBytes) return stop({ ok: false, reason: 'expansion' });
        zip.readEntry();
      });
      zip.on('end', () => {
        if (expanded > limits.ratioAppliesAbove && expanded / Math.max(compressedSize, 1) > limits.maxRatio)
          return resolve({ ok: false, reason: 'ratio' });
        resolve({ ok: true });
      });
      zip.readEntry();
    });
  });
}
