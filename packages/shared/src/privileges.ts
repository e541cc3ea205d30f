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

export function hasPrivilege(roles: readonly string[], privilege: TPrivilege): boolean {
  return roles.includes(privilege);
}
