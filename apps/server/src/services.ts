import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionService } from './modules/auth/session.service';
import { createDashboardService } from './modules/dashboard/dashboard.service';

/** Services wired once per app; routes reach the database only through these. */
export function createServices(db: Db, config: AppConfig) {
  const sessions = createSessionService(db, config);
  const accounts = createAccountsService(db, sessions);
  const auth = createAuthService(db, sessions, accounts);
  const dashboard = createDashboardService(db, accounts);
  return { sessions, accounts, auth, dashboard };
}

export type Services = ReturnType<typeof createServices>;
