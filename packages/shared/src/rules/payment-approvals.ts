import { toMinorUnits } from '../money';

/** A payment needs approval when a threshold applies and its amount (before fees) is above it. */
export function needsApproval(amount: string, threshold: string | null | undefined): boolean {
  if (threshold === null || threshold === undefined) return false;
  return toMinorUnits(amount) > toMinorUnits(threshold);
}
