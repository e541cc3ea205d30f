import { addDays } from '@settle/shared/calendar-date';
import { DUE_CARDS, dueCardCriteria } from '@settle/shared/rules/due-criteria';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

/** A customer with one invoice of each kind around the server's today. */
async function customerWithDueInvoices() {
  const own = await signedInCustomer(context, tenantId);
  const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
  await own.invoice({ amount: '100.00', dueDate: addDays(today, -3) });
  await own.invoice({ amount: '60.00', dueDate: addDays(today, -40), disputeAmount: '10.00' });
  await own.invoice({ amount: '50.00', dueDate: today });
  await own.invoice({ amount: '25.00', dueDate: addDays(today, 30) });
  await own.invoice({ amount: '999.00', dueDate: addDays(today, 31) });
  // Owes nothing: neither overdue nor coming due.
  await own.invoice({ amount: '-20.00', dueDate: addDays(today, -5) });
  await own.invoice({ amount: '80.00', paidAmount: '80.00', dueDate: addDays(today, -5) });
  // Closed and other-currency invoices stay out of every figure.
  await own.invoice({ amount: '70.00', status: 'C', dueDate: addDays(today, -5), disputeAmount: '5.00' });
  await own.invoice({ amount: '90.00', tranCurrencyCode: 'CAD', dueDate: addDays(today, -5) });
  return { own, today };
}

describe('GET /dashboard/custSummary', () => {
  it('counts overdue and coming-due invoices that still owe, credits and disputed invoices', async () => {
    const { own, today } = await customerWithDueInvoices();
    const response = await own.client.get('/dashboard/custSummary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      custNo: own.customer.custNo,
      company: own.customer.company,
      currencyCode: 'USD',
      asOf: today,
      openCount: 7,
      openBalance: '1214.00',
      overdueCount: 2,
      overdueBalance: '160.00',
      comingDueCount: 2,
      comingDueBalance: '75.00',
      creditCount: 1,
      creditBalance: '-20.00',
      disputedCount: 1,
      disputedAmount: '10.00',
    });
  });

  it("gives each card the count of the rows its link's filter shows in the grid", async () => {
    const { own, today } = await customerWithDueInvoices();
    const summary = (await own.client.get('/dashboard/custSummary')).json();
    const counts = {
      overdue: 'overdueCount',
      comingDue: 'comingDueCount',
      credits: 'creditCount',
      disputed: 'disputedCount',
    };
    for (const card of DUE_CARDS) {
      const filter = serializeFilter(dueCardCriteria(card, today));
      const list = await own.client.get(
        `/invoices?custNo=${own.customer.custNo}&currencyCode=USD&filter=${encodeURIComponent(filter)}`,
      );
      expect(list.statusCode, list.body).toBe(200);
      expect({ card, total: list.json().total }).toEqual({ card, total: summary[counts[card]] });
    }
  });
});
