import { ZCompanyList } from '@settle/shared/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getUserData, updateUserData } from '../../../lib/user-storage';
import { companiesKey } from './get-companies';

export function setDefaultCompany(custNo: string) {
  return apiRequest(`/companies/default/${encodeURIComponent(custNo)}`, {
    method: 'PUT',
    schema: ZCompanyList,
  });
}

/** Keeps the default on the server; the stored customers' defAccount flags follow. */
export function useSetDefaultCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCompany,
    onSuccess: (companies) => {
      queryClient.setQueryData(companiesKey, companies);
      const userData = getUserData();
      if (!userData) return;
      const isDefault = (custNo: string) =>
        companies.some((company) => company.custNo === custNo && company.defAccount);
      updateUserData({
        customers: userData.customers.map((customer) => ({
          ...customer,
          defAccount: isDefault(customer.custNo),
        })),
        currentCustomer: userData.currentCustomer
          ? { ...userData.currentCustomer, defAccount: isDefault(userData.currentCustomer.custNo) }
          : null,
      });
    },
  });
}
