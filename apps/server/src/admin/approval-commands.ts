import { loginKeyOf } from '@settle/shared/rules/login-name';
import { and, eq } from 'drizzle-orm';
import { customers } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { createApprovalPolicyService } from '../modules/payment-approvals/approval-policy.service';
import { setApprover } from '../modules/payment-approvals/payment-approvals.repository';
import type { AdminContext } from './commands';
import { defaultTenantId } from './payment-commands';

const POLICY_USAGE =
  'Usage: npm run admin -- approval-policy <custNo> <currency> <amount|off>  (cart payments above the amount need approval)';
const APPROVER_USAGE = 'Usage: npm run admin -- approver <loginName> <custNo> <on|off>';

async function customerOf(context: AdminContext, tenantId: number, custNo: string) {
  const [customer] = await context.db
    .select({ id: customers.id, currencies: customers.currencies })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.custNo, custNo)));
  if (!customer) throw new Error(`No customer ${custNo} in the default tenant`);
  return customer;
}

/** Approval before paying (issue 18), on the default tenant. */
export const approvalCommands = {
  /** approval-policy C10001 USD 5000.00 | approval-policy C10001 USD off */
  async policy(context: AdminContext, argument: string | undefined): Promise<string> {
    const [custNo, currencyArg, amount, ...rest] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
    if (!custNo || !currencyArg || !amount || rest.length > 0) throw new Error(POLICY_USAGE);
    const currencyCode = currencyArg.toUpperCase();
    if (amount !== 'off' && !/^\d{1,12}(\.\d{1,2})?$/.test(amount))
      throw new Error(`The amount is a number with at most 2 decimals (or off). ${POLICY_USAGE}`);
    const tenantId = await defaultTenantId(context);
    const customer = await customerOf(context, tenantId, custNo);
    if (!customer.currencies.includes(currencyCode))
      throw new Error(`Customer ${custNo} does not use the currency ${currencyCode}`);
    const threshold = amount === 'off' ? null : amount;
    await createApprovalPolicyService(context.db).setThreshold({
      tenantId,
      customerId: customer.id,
      currencyCode,
      threshold,
    });
    return threshold === null
      ? `${custNo} ${currencyCode}: payments need no approval`
      : `${custNo} ${currencyCode}: cart payments above ${threshold} need an approver's approval`;
  },

  /** approver demo.full C10001 on */
  async approver(context: AdminContext, argument: string | undefined): Promise<string> {
    const [loginName, custNo, flag, ...rest] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
    if (!loginName || !custNo || (flag !== 'on' && flag !== 'off') || rest.length > 0)
      throw new Error(APPROVER_USAGE);
    const tenantId = await defaultTenantId(context);
    const customer = await customerOf(context, tenantId, custNo);
    const [user] = await context.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginKeyOf(loginName))));
    if (!user) throw new Error(`No user ${loginName} in the default tenant`);
    const linked = await setApprover(context.db, {
      userId: user.id,
      customerId: customer.id,
      approver: flag === 'on',
    });
    if (!linked) throw new Error(`${loginName} is not a user of ${custNo}`);
    return flag === 'on'
      ? `${loginName} approves payments of ${custNo}`
      : `${loginName} no longer approves payments of ${custNo}`;
  },
};
