import { ECHECK_CURRENCY, ON_ACCOUNT_NOTE_DEFAULT_MAX } from '@settle/shared/payments';
import type { Db } from '../client';
import { paymentConfigs, paymentProviderSettings } from '../schema/payments';

/** The on-account form's elements, as the configuration describes them to the web app. */
export const ON_ACCOUNT_ELEMENTS = [
  { name: 'amount', label: 'Amount', size: 14, placeholder: '0.00', required: true },
  { name: 'note', label: 'Note', size: ON_ACCOUNT_NOTE_DEFAULT_MAX, placeholder: '', required: false },
  { name: 'contractNumber', label: 'Contract number', size: 60, placeholder: '', required: false },
];

/** The demo's convenience fee: cards in US dollars only (never debit cards, never e-checks). */
export const DEMO_CARD_FEE = { currencyCode: 'USD', percentage: '2.50' } as const;

/**
 * The demo's payment configuration: cards and debit cards in every currency through the
 * sandbox provider's hosted page, electronic check in US dollars processed in the product.
 */
export async function seedDemoPayments(db: Db, options: { tenantId: number; currencies: string[] }) {
  const { tenantId } = options;
  for (const flow of ['cart', 'on_account'] as const) {
    await db.insert(paymentConfigs).values(
      options.currencies.map((currencyCode) => ({
        tenantId,
        flow,
        currencyCode,
        allowCreditCard: true,
        allowCreditCardProfile: true,
        allowDebitCard: true,
        allowDebitCardProfile: true,
        allowECheck: currencyCode === ECHECK_CURRENCY,
        allowECheckProfile: currencyCode === ECHECK_CURRENCY,
        allowCombined: true,
        contractNumberRequired: false,
        elements: flow === 'on_account' ? ON_ACCOUNT_ELEMENTS : [],
        noteMaxSize: ON_ACCOUNT_NOTE_DEFAULT_MAX,
      })),
    );
    await db.insert(paymentProviderSettings).values(
      options.currencies.flatMap((currencyCode) => [
        {
          tenantId,
          flow,
          paymentType: 'CREDIT_CARD' as const,
          currencyCode,
          name: 'Sandbox secure checkout',
          width: 640,
          height: 760,
          localProcessing: false,
          feePercentage: currencyCode === DEMO_CARD_FEE.currencyCode ? DEMO_CARD_FEE.percentage : '0',
        },
        {
          tenantId,
          flow,
          paymentType: 'DEBIT_CARD' as const,
          currencyCode,
          name: 'Sandbox secure checkout',
          width: 640,
          height: 760,
          localProcessing: false,
          feePercentage: '0',
        },
        ...(currencyCode === ECHECK_CURRENCY
          ? [
              {
                tenantId,
                flow,
                paymentType: 'ECHECK' as const,
                currencyCode,
                name: 'Electronic check',
                width: null,
                height: null,
                localProcessing: true,
                feePercentage: '0',
              },
            ]
          : []),
      ]),
    );
  }
}
