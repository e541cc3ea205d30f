import type { TCompany } from '@settle/shared/companies';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import * as repository from './companies.repository';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * The company switcher: the user's customers, the current one (the accounts module's rules)
 * and the default one, which the sign-in makes current (resolveCurrentCustomer, preferDefault).
 */
export function createCompaniesService(db: Db, accounts: AccountsService) {
  async function listCompanies(session: SessionContext): Promise<TCompany[]> {
    const [customers, current] = await Promise.all([
      accounts.listCustomers(session.userId),
      accounts.currentScope(session),
    ]);
    return customers.map((customer) => ({
      custNo: customer.custNo,
      company: customer.company,
      current: customer.custNo === current?.customer.custNo,
      defAccount: customer.defAccount,
    }));
  }

  return {
    listCompanies,

    /** Another user's customer answers 404 as one that does not exist, and changes nothing. */
    async setDefault(session: SessionContext, custNo: string): Promise<TCompany[]> {
      const customer = await accounts.requireCustomer(session.userId, custNo);
      const changed = await repository.setDefaultCustomer(db, session.userId, customer.id);
      if (!changed) throw notFound(`Customer ${custNo}`);
      return listCompanies(session);
    },
  };
}
