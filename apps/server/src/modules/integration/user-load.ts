import type { TLedgerUser } from '@settle/shared/integration';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import { approverFlagOf } from '@settle/shared/rules/user-links';
import { localeForFormatting } from '@settle/shared/user-profile';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { userCustomers, userRoles, users } from '../../db/schema/users';
import { createAccountTokens } from '../auth/account-tokens';
import { hashPassword } from '../auth/password';
import { randomToken, type SessionService } from '../auth/session.service';
import { type AfterCommit, type Outcome, RowRefused } from './load-outcome';

export type UserLoadDeps = {
  /**
   * Sends (or queues: the server hands it to its background tasks) the activation email of a user
   * waiting for one; after the commit only.
   */
  activationEmail?: (userId: number) => Promise<void> | void;
  sessions?: Pick<SessionService, 'endAllOfUser'>;
};

type Link = { customerId: number; position: number; defAccount: boolean; approver: boolean };

/**
 * A hash of a secret no one knows: a loaded user has no password until activation. One per process,
 * so a load of many users does not pay the password hash's cost per user, while a sign-in attempt
 * on such an account still takes as long as any other.
 */
let unusablePasswordHash: Promise<string> | undefined;

/** Upserts one user keyed by loginName in the tenant: fields, roles and the whole list of customer links. */
export async function upsertUser(
  tx: Db,
  tenantId: number,
  row: TLedgerUser,
  later: AfterCommit,
  deps: UserLoadDeps,
): Promise<Outcome> {
  const customerIds = await resolveCustomers(tx, tenantId, row.custNos);
  const loginKey = loginKeyOf(row.loginName);
  const [stored] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.loginKey, loginKey)))
    .for('update');
  const active = row.status === undefined ? (stored?.active ?? true) : row.status === 'active';
  const now = new Date();
  const activationEmail = (userId: number) => later(() => deps.activationEmail?.(userId));

  if (!stored) {
    const { firstName, lastName, email } = row;
    if (!firstName || !lastName || !email)
      throw new RowRefused('A new user needs firstName, lastName and email');
    const locale = row.locale ?? 'en_US';
    unusablePasswordHash ??= hashPassword(randomToken());
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        loginName: row.loginName,
        loginKey,
        passwordHash: await unusablePasswordHash,
        firstName,
        lastName,
        email,
        locale,
        localeForFormatting: localeForFormatting(locale),
        language: row.language ?? (locale.startsWith('fr') ? 'fr' : 'en'),
        timezone: row.timezone,
        smsAreaCode: row.smsAreaCode ?? '',
        smsPhone: row.smsPhone ?? '',
        active,
        activatedAt: null,
        deactivatedAt: row.status === 'inactive' ? now : null,
      })
      .onConflictDoNothing({ target: [users.tenantId, users.loginKey] })
      .returning({ id: users.id });
    if (!user) throw new RowRefused('Another load created this user at the same time; send the row again');
    await writeLinks(tx, user.id, desiredLinks(row, customerIds, []), []);
    if (row.roles && row.roles.length > 0)
      await tx.insert(userRoles).values(row.roles.map((role) => ({ userId: user.id, role })));
    if (active) activationEmail(user.id);
    return 'inserted';
  }

  const changes: Partial<typeof users.$inferInsert> = {};
  const given = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    smsAreaCode: row.smsAreaCode,
    smsPhone: row.smsPhone,
    locale: row.locale,
    localeForFormatting: row.locale && localeForFormatting(row.locale),
    language: row.language,
    timezone: row.timezone,
    active,
  } as const;
  for (const [field, value] of Object.entries(given) as Array<[keyof typeof given, string | boolean]>)
    if (value !== undefined && stored[field] !== value) Object.assign(changes, { [field]: value });
  // Only a row that says so deactivates (or brings back) a user: a row without status keeps the
  // stored state, also the "waiting for activation" of a registration.
  if (row.status === 'inactive' && !stored.deactivatedAt) changes.deactivatedAt = now;
  if (row.status === 'active' && stored.deactivatedAt) changes.deactivatedAt = null;
  if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, stored.id));

  // A deactivated account's emailed links stop working, also those of a registration still
  // waiting for activation; a row without status leaves them alone.
  const tokensRetired =
    row.status === 'inactive' && (await createAccountTokens(tx).retireAll(stored.id, now)) > 0;
  if (stored.active && !active) {
    // Its browsers are signed out once the change is kept (until then a session of an inactive
    // user is refused anyway).
    later(() => deps.sessions?.endAllOfUser(tenantId, stored.id));
  }
  if (!stored.active && active && !stored.activatedAt) activationEmail(stored.id);

  const storedLinks = await tx
    .select({
      customerId: userCustomers.customerId,
      position: userCustomers.position,
      defAccount: userCustomers.defAccount,
      approver: userCustomers.approver,
    })
    .from(userCustomers)
    .where(eq(userCustomers.userId, stored.id));
  const linksChanged = await writeLinks(
    tx,
    stored.id,
    desiredLinks(row, customerIds, storedLinks),
    storedLinks,
  );
  const rolesChanged = row.roles !== undefined && (await writeRoles(tx, stored.id, row.roles));
  return Object.keys(changes).length > 0 || linksChanged || rolesChanged || tokensRetired
    ? 'updated'
    : 'unchanged';
}

/** The tenant's customer ids of the row's numbers, in its order; any number not found refuses the row. */
async function resolveCustomers(tx: Db, tenantId: number, custNos: string[]): Promise<Map<string, number>> {
  const found = await tx
    .select({ id: customers.id, custNo: customers.custNo })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.custNo, custNos)));
  const ids = new Map(found.map((customer) => [customer.custNo, customer.id]));
  const missing = custNos.filter((custNo) => !ids.has(custNo));
  if (missing.length === 1) throw new RowRefused(`Customer ${missing[0]} was not found`);
  if (missing.length > 1) throw new RowRefused(`Customers ${missing.join(', ')} were not found`);
  return new Map(custNos.map((custNo) => [custNo, ids.get(custNo)!]));
}

/**
 * The links the row asks for. The default: the one named, else the stored default while it stays
 * linked (the user may have chosen it in the portal), else the first. The approver flag: the row's
 * for every link, else per link from approverCustNos, else the stored one (a new link: none).
 */
function desiredLinks(row: TLedgerUser, customerIds: Map<string, number>, stored: Link[]): Link[] {
  const ids = [...customerIds.values()];
  const storedDefault = stored.find((link) => link.defAccount && ids.includes(link.customerId));
  const defaultId =
    row.defaultCustNo !== undefined
      ? customerIds.get(row.defaultCustNo)
      : (storedDefault?.customerId ?? ids[0]);
  return [...customerIds].map(([custNo, customerId], position) => ({
    customerId,
    position,
    defAccount: customerId === defaultId,
    approver: approverFlagOf(row, custNo, stored.find((link) => link.customerId === customerId)?.approver),
  }));
}

/**
 * Brings the stored links to the desired ones; true when anything changed. A default moving from
 * one link to another is cleared before it is set, so the one-default index never sees two.
 */
async function writeLinks(tx: Db, userId: number, desired: Link[], stored: Link[]): Promise<boolean> {
  const wanted = new Set(desired.map((link) => link.customerId));
  const removed = stored.filter((link) => !wanted.has(link.customerId)).map((link) => link.customerId);
  if (removed.length > 0)
    await tx
      .delete(userCustomers)
      .where(and(eq(userCustomers.userId, userId), inArray(userCustomers.customerId, removed)));
  const storedById = new Map(stored.map((link) => [link.customerId, link]));
  const added = desired.filter((link) => !storedById.has(link.customerId));
  const altered = desired.filter((link) => {
    const before = storedById.get(link.customerId);
    return (
      before !== undefined &&
      (before.position !== link.position ||
        before.defAccount !== link.defAccount ||
        before.approver !== link.approver)
    );
  });
  const update = (link: Link) =>
    tx
      .update(userCustomers)
      .set({ position: link.position, defAccount: link.defAccount, approver: link.approver })
      .where(and(eq(userCustomers.userId, userId), eq(userCustomers.customerId, link.customerId)));
  for (const link of altered.filter((link) => !link.defAccount)) await update(link);
  if (added.length > 0) await tx.insert(userCustomers).values(added.map((link) => ({ userId, ...link })));
  for (const link of altered.filter((link) => link.defAccount)) await update(link);
  return removed.length > 0 || added.length > 0 || altered.length > 0;
}

/** Replaces the user's privileges with the given ones; true when they differed. */
async function writeRoles(tx: Db, userId: number, roles: string[]): Promise<boolean> {
  const stored = (
    await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
  ).map((row) => row.role);
  const removed = stored.filter((role) => !roles.includes(role));
  const added = roles.filter((role) => !stored.includes(role));
  if (removed.length > 0)
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, removed)));
  if (added.length > 0) await tx.insert(userRoles).values(added.map((role) => ({ userId, role })));
  return removed.length > 0 || added.length > 0;
}
