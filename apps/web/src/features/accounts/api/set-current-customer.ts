import { type TCurrentCustomerResponse, ZCurrentCustomerResponse } from '@settle/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { updateUserData } from '../../../lib/user-storage';

export function setCurrentCustomer(options: {
  custNo: string;
  currencyCode?: string;
}): Promise<TCurrentCustomerResponse> {
  return apiRequest(`/user/currenctCust/${encodeURIComponent(options.custNo)}`, {
    method: 'PUT',
    body: options.currencyCode ? { currencyCode: options.currencyCode } : {},
    schema: ZCurrentCustomerResponse,
  });
}

/** Makes a customer (and currency) current on the server, then everywhere in the app. */
export function useSetCurrentCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentCustomer,
    onSuccess: async (response) => {
      updateUserData({
        currentCustNo: response.currentCustNo,
        currentCustomer: response.currentCustomer,
        currencyCode: response.currencyCode,
      });
      // Every figure on screen belongs to the previous account or currency.
      await queryClient.invalidateQueries();
    },
  });
}
