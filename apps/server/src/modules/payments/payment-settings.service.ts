import {
  ON_ACCOUNT_NOTE_DEFAULT_MAX,
  PAYMENT_MESSAGES,
  type TPaymentConfig,
  type TPaymentFlow,
  type TPaymentType,
  type TProviderSettings,
  ZFormElement,
} from '@settle/shared/payments';
import { paymentFees } from '@settle/shared/rules/payments';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import * as repository from './payments.repository';

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;

const ZElements = z.array(ZFormElement);

/** A currency the tenant has not configured offers nothing. */
const NOTHING_OFFERED: TPaymentConfig = {
  allowCreditCard: false,
  allowCreditCardProfile: false,
  allowDebitCard: false,
  allowDebitCardProfile: false,
  allowECheck: false,
  allowECheckProfile: false,
  allowCombined: false,
  contractNumberRequired: false,
  elements: [],
  noteMaxSize: ON_ACCOUNT_NOTE_DEFAULT_MAX,
};

export function toPaymentConfig(row: repository.ConfigRow | undefined): TPaymentConfig {
  if (!row) return NOTHING_OFFERED;
  const elements = ZElements.safeParse(row.elements);
  return {
    allowCreditCard: row.allowCreditCard,
    allowCreditCardProfile: row.allowCreditCardProfile,
    allowDebitCard: row.allowDebitCard,
    allowDebitCardProfile: row.allowDebitCardProfile,
    allowECheck: row.allowECheck,
    allowECheckProfile: row.allowECheckProfile,
    allowCombined: row.allowCombined,
    contractNumberRequired: row.contractNumberRequired,
    elements: elements.success ? elements.data : [],
    noteMaxSize: row.noteMaxSize,
  };
}

/** Payment configuration and provider settings per tenant, flow, method and currency (database). */
export function createPaymentSettingsService(db: Db) {
  /** The provider row of a method, or a clear 400 when the currency does not offer it. */
  async function providerRow(key: {
    tenantId: number;
    flow: TPaymentFlow;
    paymentType: TPaymentType;
    currencyCode: string;
  }): Promise<repository.ProviderRow> {
    const row = await repository.findProviderSettings(db, key);
    if (!row) throw badRequest(PAYMENT_MESSAGES.methodNotAllowed, undefined, 'PAYMENT_METHOD_NOT_ALLOWED');
    return row;
  }

  return {
    async config(tenantId: number, flow: TPaymentFlow, currencyCode: string): Promise<TPaymentConfig> {
      return toPaymentConfig(await repository.findConfig(db, { tenantId, flow, currencyCode }));
    },

    providerRow,

    async provider(
      key: { tenantId: number; flow: TPaymentFlow; paymentType: TPaymentType; currencyCode: string },
      amount: string,
    ): Promise<TProviderSettings> {
      const row = await providerRow(key);
      return {
        name: row.name,
        width: row.width,
        height: row.height,
        localProcessing: row.localProcessing,
        paymentFees: paymentFees(amount, row.feePercentage),
      };
    },

    upsertConfig: (row: Parameters<typeof repository.upsertConfig>[1]) => repository.upsertConfig(db, row),
    upsertProviderSettings: (row: Parameters<typeof repository.upsertProviderSettings>[1]) =>
      repository.upsertProviderSettings(db, row),
  };
}
