import { type TPaymentProfile, type TProfileType, ZPaymentProfile } from '@settle/shared/payment-profiles';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const paymentProfileKeys = {
  all: ['payment-profiles'] as const,
  list: (filter: { profileType?: TProfileType; custNo?: string }) => ['payment-profiles', filter] as const,
};

/** GET payment/profiles?orderbyexpirationdate=true: the soonest expiry first. */
export function getPaymentProfiles(filter: { profileType?: TProfileType; custNo?: string }) {
  return apiRequest<TPaymentProfile[]>('/payment/profiles', {
    query: { orderbyexpirationdate: 'true', profileType: filter.profileType, custNo: filter.custNo },
    schema: z.array(ZPaymentProfile),
  });
}

export function usePaymentProfiles(filter: { profileType?: TProfileType; custNo?: string } = {}) {
  return useQuery({ queryKey: paymentProfileKeys.list(filter), queryFn: () => getPaymentProfiles(filter) });
}
