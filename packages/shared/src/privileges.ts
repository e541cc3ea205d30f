/** The privilege strings of the specification; a check is a plain membership test. */
export const Privilege = {
  ALLOW_PAY: 'TR_USER.ALLOW_PAY',
  ALLOW_CREDIT_ADJ: 'TR_USER.ALLOW_CREDIT_ADJ',
  ALLOW_PROB: 'TR_USER.ALLOW_PROB',
  ALLOW_CUST_PROB: 'TR_USER.ALLOW_CUST_PROB',
  ALLOW_PROB_VIEW: 'TR_USER.ALLOW_PROB_VIEW',
  ALLOW_PROMISE_TO_PAY: 'TR_USER.ALLOW_PROMISE_TO_PAY',
  ALLOW_BAL_DISP_ONLY: 'TR_USER.ALLOW_BAL_DISP_ONLY',
} as const;
export type TPrivilege = (typeof Privilege)[keyof typeof Privilege];

export const ALL_PRIVILEGES: readonly TPrivilege[] = Object.values(Privilege);

/**
 * Every privilege that grants something. ALLOW_BAL_DISP_ONLY restricts (the customer summary
 * shows the open balance alone), so a user meant to have full access does not carry it.
 */
export const FULL_ACCESS_PRIVILEGES: readonly TPrivilege[] = ALL_PRIVILEGES.filter(
  (privilege) => privilege !== Privilege.ALLOW_BAL_DISP_ONLY,
);

export function hasPrivilege(roles: readonly string[], privilege: TPrivilege): boolean {
  return roles.includes(privilege);
}
