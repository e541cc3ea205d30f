/**
 * An ABA routing transit number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple
 * of 10. Checked in the browser as the user types and again by the server: a mistyped digit is
 * caught before a bank returns the e-check days later.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // An all-zero number passes the checksum but names no bank.
  if (/^0{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += Number(value[index]) * WEIGHTS[index]!;
  return sum % 10 === 0;
}
