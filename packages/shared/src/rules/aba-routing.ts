/**
 * ABA routing number check (United States): 9 digits whose weighted sum 3-7-1 repeated is a
 * multiple of 10. Catches every single-digit typo and most transpositions before a payment
 * is submitted to the bank.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // All zeros passes the arithmetic but is no bank.
  if (/^0{9}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) sum += Number(value[index]) * WEIGHTS[index]!;
  return sum % 10 === 0;
}
