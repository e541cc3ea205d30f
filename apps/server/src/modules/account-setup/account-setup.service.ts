import type { Db } from '../../db/client';
import { type ActivationDeps, createActivationService } from './activation.service';
import { createRegistrationService, type RegistrationDeps } from './registration.service';

export type AccountSetupService = ReturnType<typeof createAccountSetupService>;

/** Registration, activation, password reset and the helper calls of their pages. */
export function createAccountSetupService(db: Db, deps: RegistrationDeps & ActivationDeps) {
  return { ...createRegistrationService(db, deps), ...createActivationService(db, deps) };
}
