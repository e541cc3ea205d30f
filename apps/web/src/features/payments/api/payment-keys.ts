/** Every payments query lives under this prefix. */
export const paymentsRootKey = ['payments'] as const;
