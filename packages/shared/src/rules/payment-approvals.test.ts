import { describe, expect, it } from 'vitest';
import { needsApproval } from './payment-approvals';

describe('needsApproval', () => {
  it('asks for approval only above the threshold, to the cent', () => {
    expect(needsApproval('1000.00', '1000.00')).toBe(false);
    expect(needsApproval('1000.01', '1000.00')).toBe(true);
    expect(needsApproval('999.99', '1000')).toBe(false);
    expect(needsApproval('0.01', '0')).toBe(true);
  });
  it('never without a threshold', () => {
    expect(needsApproval('1000000.00', null)).toBe(false);
    expect(needsApproval('1000000.00', undefined)).toBe(false);
  });
});
