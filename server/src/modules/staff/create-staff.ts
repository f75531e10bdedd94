import { StaffRoleSchema } from '@tablo/contract/staff';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { InvalidInputError, ManagementError } from '../restaurants/errors.ts';
import { findRestaurantId } from '../restaurants/find-restaurant.ts';
import { hashPassword } from './password.ts';
import { findStaffByEmail, insertStaffUser } from './repository.ts';

export const MIN_PASSWORD_LENGTH = 10;

const NewStaffSchema = z.object({
  shortName: z.string().min(1),
  email: z.email().max(254),
  role: StaffRoleSchema.default('WAITER'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});
export type NewStaff = z.input<typeof NewStaffSchema>;

export async function createStaff(
  database: Database,
  input: NewStaff,
): Promise<{ id: number; email: string; role: string }> {
  const parsed = NewStaffSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const staff = parsed.data;
  const restaurantId = await findRestaurantId(database.db, staff.shortName);
  if (await findStaffByEmail(database.db, staff.email)) {
    throw new ManagementError(`A staff account for ${staff.email} already exists.`);
  }
  const id = await insertStaffUser(database.db, {
    restaurantId,
    email: staff.email,
    role: staff.role,
    passwordHash: await hashPassword(staff.password),
  });
  return { id, email: staff.email, role: staff.role };
}
