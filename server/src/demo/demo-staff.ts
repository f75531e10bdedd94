import type { StaffRole } from '@tablo/contract/staff';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { restaurant, staffUser } from '../db/schema.ts';
import { findRestaurantId } from '../modules/restaurants/find-restaurant.ts';
import { hashPassword, verifyPassword } from '../modules/staff/password.ts';
import { insertStaffUser } from '../modules/staff/repository.ts';
import { DEMO_SHORT_NAME } from './demo-restaurants.ts';

/** One staff account per role for the demo restaurant; the README and the start-up output name them. */
export const DEMO_STAFF: readonly { role: StaffRole; email: string; password: string }[] = [
  { role: 'OWNER', email: 'owner@demo.example', password: 'demo-owner' },
  { role: 'MANAGER', email: 'manager@demo.example', password: 'demo-manager' },
  { role: 'WAITER', email: 'waiter@demo.example', password: 'demo-waiter' },
  { role: 'KITCHEN', email: 'kitchen@demo.example', password: 'demo-kitchen' },
];

export const DEMO_CONTACT = {
  phone: '+36 1 234 5678',
  reservationUrl: 'https://reservations.tablo.example/demo',
} as const;

/**
 * Adds the demo accounts that are missing (an existing one keeps its password, role and state) and the
 * demo's contact when it has none.
 */
export async function ensureDemoStaffAndContact(tx: Db): Promise<void> {
  const restaurantId = await findRestaurantId(tx, DEMO_SHORT_NAME);
  for (const account of DEMO_STAFF) {
    const [existing] = await tx
      .select({ id: staffUser.id })
      .from(staffUser)
      .where(eq(sql`lower(${staffUser.email})`, account.email));
    if (existing) continue;
    await insertStaffUser(tx, {
      restaurantId,
      email: account.email,
      role: account.role,
      passwordHash: await hashPassword(account.password),
    });
  }
  await tx
    .update(restaurant)
    .set(DEMO_CONTACT)
    .where(and(eq(restaurant.id, restaurantId), isNull(restaurant.phone), isNull(restaurant.reservationUrl)));
}

/** The demo accounts that still log in with their demo password (enabled, password unchanged). */
export async function usableDemoStaff(db: Db): Promise<typeof DEMO_STAFF> {
  const rows = await db
    .select({
      email: staffUser.email,
      passwordHash: staffUser.passwordHash,
      disabledAt: staffUser.disabledAt,
    })
    .from(staffUser)
    .innerJoin(restaurant, eq(restaurant.id, staffUser.restaurantId))
    .where(eq(restaurant.shortName, DEMO_SHORT_NAME));
  const usable = await Promise.all(
    DEMO_STAFF.map(async (account) => {
      const row = rows.find((r) => r.email.toLowerCase() === account.email);
      return row && !row.disabledAt && (await verifyPassword(account.password, row.passwordHash));
    }),
  );
  return DEMO_STAFF.filter((_, i) => usable[i]);
}

export function staffLoginUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/staff/login/hu`;
}

/** Lines of the start-up output: where staff log in, and with which demo accounts. */
export function demoStaffLines(publicUrl: string, accounts: typeof DEMO_STAFF): string[] {
  if (accounts.length === 0) return [];
  return [
    `Demo staff accounts (log in at ${staffLoginUrl(publicUrl)}):`,
    ...accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(21)} password ${a.password}`),
  ];
}
