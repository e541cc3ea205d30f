import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionService } from './modules/auth/session.service';
import { type CartService, createCartService } from './modules/cart/cart.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { INVOICE_FIELDS } from './modules/invoices/invoice-fields';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createPromisesService } from './modules/invoices/promises.service';
import { createColumnPreferencesService } from './modules/preferences/column-preferences.service';
import { createSavedSearchesService } from './modules/search/saved-searches.service';

/** Services wired once per app; routes reach the database only through these. */
export function createServices(db: Db, config: AppConfig) {
  const sessions = createSessionService(db, config);
  let cart: CartService | undefined;
  const accounts = createAccountsService(db, sessions, {
    cartSummaries: (userId) => (cart ? cart.summaries(userId) : Promise.resolve([])),
  });
  const auth = createAuthService(db, sessions, accounts);
  const dashboard = createDashboardService(db, accounts);
  const invoices = createInvoicesService(db, accounts);
  const promises = createPromisesService(db, accounts, { maxDays: config.promiseMaxDays });
  cart = createCartService(db, accounts, invoices);
  const columnPreferences = createColumnPreferencesService(db);
  const savedSearches = createSavedSearchesService(db, { invoices: INVOICE_FIELDS });
  return { sessions, accounts, auth, dashboard, invoices, promises, cart, columnPreferences, savedSearches };
}

export type Services = ReturnType<typeof createServices>;
