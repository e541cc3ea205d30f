import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { buildTenant, buildUser } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { rekeyLoginNames } from './login-keys';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('rekeyLoginNames', () => {
  it('makes the keys of names outside ASCII again, leaves the others and a colliding one', async () => {
    const { db } = database;
    const tenantId = (await buildTenant(db)).id;
    // As the old upper case stored them.
    const street = await buildUser(db, tenantId, {
      loginName: 'straße.user',
      overrides: { loginKey: 'STRASSE.USER' },
    });
    const plain = await buildUser(db, tenantId, { loginName: 'plain.user' });
    await buildUser(db, tenantId, { loginName: 'look.alike' });
    const lookAlike = await buildUser(db, tenantId, {
      loginName: 'ſpare.user',
      overrides: { loginKey: 'SPARE.USER' },
    });
    const colliding = await buildUser(db, tenantId, {
      loginName: 'look.alıke',
      overrides: { loginKey: 'LOOK.ALIKE.OLD' },
    });
    await buildUser(db, tenantId, { loginName: 'taken', overrides: { loginKey: 'LOOK.ALıKE' } });
    const warnings: string[] = [];

    expect(await rekeyLoginNames(db, { warn: (message) => warnings.push(message) })).toBe(2);

    const keyOf = async (id: number) =>
      (await db.select({ key: users.loginKey }).from(users).where(eq(users.id, id)))[0]!.key;
    expect(await keyOf(street.id)).toBe('STRAßE.USER');
    expect(await keyOf(lookAlike.id)).toBe('ſPARE.USER');
    expect(await keyOf(plain.id)).toBe('PLAIN.USER');
    expect(await keyOf(colliding.id)).toBe('LOOK.ALIKE.OLD');
    expect(warnings).toEqual([`login key of user ${colliding.id} kept: its new key is another user's`]);
  });
});
