import { PAYMENT_FLOWS, PAYMENT_TYPES, type TPaymentFlow, type TPaymentType } from '@settle/shared/payments';
import { eq } from 'drizzle-orm';
import { paymentConfigs, paymentProviderSettings } from '../db/schema/payments';
import { tenants } from '../db/schema/tenants';
import { seedDemoPayments } from '../db/seed/demo-payments';
import type { AdminContext } from './commands';

const CONFIG_USAGE =
  'Usage: npm run admin -- payment-config <currency> <cart|on_account|all> <flag>=<value>... ' +
  '(flags: allowCreditCard, allowCreditCardProfile, allowDebitCard, allowDebitCardProfile, allowECheck, ' +
  'allowECheckProfile, allowCombined, contractNumberRequired as true/false; noteMaxSize as a number)';
const FEE_USAGE =
  'Usage: npm run admin -- payment-fee <currency> <cart|on_account|all> <CREDIT_CARD|ECHECK> <percentage, e.g. 2.50>';

const BOOLEAN_FLAGS = {
  allowCreditCard: 'allowCreditCard',
  allowCreditCardProfile: 'allowCreditCardProfile',
  allowDebitCard: 'allowDebitCard',
  allowDebitCardProfile: 'allowDebitCardProfile',
  allowECheck: 'allowECheck',
  allowECheckProfile: 'allowECheckProfile',
  allowCombined: 'allowCombined',
  contractNumberRequired: 'contractNumberRequired',
} as const;

export async function defaultTenantId({ db }: Pick<AdminContext, 'db'>): Promise<number> {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.isDefault, true))
    .limit(1);
  if (!tenant) throw new Error('No default tenant: run the demo seed first');
  return tenant.id;
}

function flowsOf(value: string | undefined, usage: string): TPaymentFlow[] {
  if (value === 'all') return [...PAYMENT_FLOWS];
  if (value && (PAYMENT_FLOWS as readonly string[]).includes(value)) return [value as TPaymentFlow];
  throw new Error(usage);
}

function currencyOf(value: string | undefined, usage: string): string {
  if (!value || !/^[A-Za-z]{3}$/.test(value)) throw new Error(usage);
  return value.toUpperCase();
}

/** Operator commands that change what the payment screens offer, per tenant (the default one), flow and currency. */
export const paymentCommands = {
  /** payment-config USD cart allowECheck=false contractNumberRequired=true noteMaxSize=80 */
  async config(context: AdminContext, argument: string | undefined): Promise<string> {
    const [currencyArg, flowArg, ...assignments] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
    const currencyCode = currencyOf(currencyArg, CONFIG_USAGE);
    const flows = flowsOf(flowArg, CONFIG_USAGE);
    if (assignments.length === 0) throw new Error(CONFIG_USAGE);
    const changes: Record<string, boolean | number> = {};
    for (const assignment of assignments) {
      const [name, value] = assignment.split('=');
      if (name === 'noteMaxSize') {
        const size = Number(value);
        if (!Number.isInteger(size) || size < 1 || size > 2000)
          throw new Error('noteMaxSize is a whole number from 1 to 2000');
        changes.noteMaxSize = size;
      } else if (name && Object.hasOwn(BOOLEAN_FLAGS, name) && (value === 'true' || value === 'false')) {
        changes[name] = value === 'true';
      } else {
        throw new Error(`Not a setting: ${assignment}. ${CONFIG_USAGE}`);
      }
    }
    const tenantId = await defaultTenantId(context);
    for (const flow of flows) {
      const current = await context.services.paymentSettings.config(tenantId, flow, currencyCode);
      await context.services.paymentSettings.upsertConfig({
        tenantId,
        flow,
        currencyCode,
        ...current,
        ...changes,
      });
    }
    return `${currencyCode} ${flows.join(' and ')}: ${Object.entries(changes)
      .map(([name, value]) => `${name}=${value}`)
      .join(', ')}`;
  },

  /** payment-fee USD all CREDIT_CARD 2.50 (0 removes the fee) */
  async fee(context: AdminContext, argument: string | undefined): Promise<string> {
    const [currencyArg, flowArg, typeArg, percentage, ...rest] = (argument ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    const currencyCode = currencyOf(currencyArg, FEE_USAGE);
    const flows = flowsOf(flowArg, FEE_USAGE);
    if (!typeArg || !(PAYMENT_TYPES as readonly string[]).includes(typeArg) || rest.length > 0)
      throw new Error(FEE_USAGE);
    const paymentType = typeArg as TPaymentType;
    if (!percentage || !/^\d{1,2}(\.\d{1,2})?$/.test(percentage))
      throw new Error('The percentage is from 0 to 99.99 with at most 2 decimals, e.g. 2.50');
    // Card networks forbid surcharging debit cards: the product never charges them a fee.
    if (paymentType === 'DEBIT_CARD' && Number(percentage) !== 0)
      throw new Error('Debit cards never carry a convenience fee');
    const tenantId = await defaultTenantId(context);
    for (const flow of flows) {
      const row = await context.services.paymentSettings.providerRow({
        tenantId,
        flow,
        paymentType,
        currencyCode,
      });
      await context.services.paymentSettings.upsertProviderSettings({ ...row, feePercentage: percentage });
    }
    return `${currencyCode} ${flows.join(' and ')} ${paymentType}: convenience fee ${percentage} %`;
  },

  /** The payment settings of the default tenant, one line per flow, currency and method. */
  async list({ db }: AdminContext): Promise<string> {
    const tenantId = await defaultTenantId({ db });
    const configs = await db.select().from(paymentConfigs).where(eq(paymentConfigs.tenantId, tenantId));
    const providers = await db
      .select()
      .from(paymentProviderSettings)
      .where(eq(paymentProviderSettings.tenantId, tenantId));
    if (configs.length === 0) return 'No payment configuration: run `npm run admin -- payment-demo-config`';
    return [
      ...configs.map(
        (row) =>
          `${row.flow} ${row.currencyCode}: card=${row.allowCreditCard} debit=${row.allowDebitCard} echeck=${row.allowECheck} combined=${row.allowCombined} contractRequired=${row.contractNumberRequired} noteMax=${row.noteMaxSize}`,
      ),
      ...providers.map(
        (row) =>
          `${row.flow} ${row.currencyCode} ${row.paymentType}: ${row.name}, ${row.localProcessing ? 'local' : 'hosted'}, fee ${row.feePercentage} %`,
      ),
    ].join('\n');
  },

  /** Gives a database seeded before payments existed the demo's payment configuration. */
  async demoConfig({ db }: AdminContext): Promise<string> {
    const tenantId = await defaultTenantId({ db });
    const existing = await db
      .select()
      .from(paymentConfigs)
      .where(eq(paymentConfigs.tenantId, tenantId))
      .limit(1);
    if (existing.length > 0) return 'The default tenant already has a payment configuration: nothing changed';
    const currencies = (await db.query.currencies.findMany()).map((currency) => currency.code);
    await seedDemoPayments(db, { tenantId, currencies });
    return `Demo payment configuration added for ${currencies.join(', ')}`;
  },
};
