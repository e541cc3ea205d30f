import { type TAutopayRule, ZAutopayRule } from '@settle/shared/autopay';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const autopayKeys = {
  all: ['autopay'] as const,
  rules: ['autopay', 'rules'] as const,
  upcoming: ['autopay', 'upcoming'] as const,
  log: (custNo: string, currency: string) => ['autopay', 'log', custNo, currency] as const,
};

/** GET payment/autopay/rules: the user's rules, per customer and currency. */
export function getAutopayRules(): Promise<TAutopayRule[]> {
  return apiRequest('/payment/autopay/rules', { schema: z.array(ZAutopayRule), showsOwnFailure: true });
}

export function useAutopayRules() {
  return useQuery({ queryKey: autopayKeys.rules, queryFn: getAutopayRules });
}
