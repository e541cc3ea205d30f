export const approvalKeys = {
  all: ['payment-approvals'] as const,
  policy: (custNo: string, currency: string) => ['payment-approvals', 'policy', custNo, currency] as const,
  list: (custNo?: string) => ['payment-approvals', 'list', custNo ?? null] as const,
  count: ['payment-approvals', 'count'] as const,
};
