/**
 * The one comparison key of a login name, used at registration, sign-in, recovery, single
 * sign-on and by the operator commands alike.
 *
 * Unicode NFKC first (a precomposed "é" and "e" + combining acute are one name), then an
 * upper-case fold, both applied one character (with its combining marks) at a time so that no
 * character outside ASCII becomes ASCII: `ſ` (long s) and `ı` (dotless i) would fold onto S and
 * I, the Kelvin sign and fullwidth letters would normalise onto K and plain letters, and
 * `demo.ſingle` would sign in as demo.single. Such a character is kept as typed, so it can
 * never name another user's account. Upper case, because the stored keys of ASCII names
 * already are (no migration); the simple (one-to-one) mapping, so ß stays ß rather than SS.
 */
export function loginKeyOf(loginName: string): string {
  const trimmed = loginName.trim();
  let key = '';
  for (const cluster of trimmed.match(/\P{M}\p{M}*|\p{M}+/gu) ?? []) {
    if (isAscii(cluster)) {
      key += cluster.toUpperCase();
      continue;
    }
    const folded = simpleUpperCase(cluster.normalize('NFKC'));
    key += /\p{ASCII}/u.test(folded) ? cluster : folded;
  }
  return key;
}

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/** Upper case per code point, keeping those whose upper case is longer (ß, ŉ, ǰ…). */
function simpleUpperCase(text: string): string {
  let result = '';
  for (const character of text) {
    const upper = character.toUpperCase();
    result += [...upper].length === 1 ? upper : character;
  }
  return result;
}
