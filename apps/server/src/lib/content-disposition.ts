/**
 * A Content-Disposition header for a name a user chose: an ASCII fallback with anything
 * outside letters, digits, dot, dash and underscore replaced, and the exact name as RFC 5987
 * filename*, so that no quote, semicolon or line break can reach the header.
 */
export function attachmentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 150) || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
