import { ImageUrlSchema } from '@tablo/contract/menu-import';
import { ShortNameSchema } from '@tablo/contract/restaurant';
import { z } from 'zod';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { InvalidInputError, RestaurantExistsError } from './errors.ts';

export const NewRestaurantSchema = z.object({
  shortName: ShortNameSchema,
  name: z.string().trim().min(1).max(200),
  descriptionHu: z.string().max(2000).default(''),
  descriptionEn: z.string().max(2000).default(''),
  imageUrl: ImageUrlSchema.nullable().default(null),
  isEnabled: z.boolean().default(true),
  isOrderingEnabled: z.boolean().default(true),
});
export type NewRestaurant = z.input<typeof NewRestaurantSchema>;

export interface CreatedRestaurant {
  id: number;
  shortName: string;
}

/** Creates a restaurant; its menu comes in through importMenu, its tables through addTables. */
export function createRestaurant(database: Database, input: NewRestaurant): Promise<CreatedRestaurant> {
  return database.transaction(async (tx) => {
    const created = await createRestaurantWithin(tx, input);
    // An instance may have cached "not found" for this name.
    await notifyMenuChanged(database, created.shortName, tx);
    return created;
  });
}

export async function createRestaurantWithin(tx: Db, input: NewRestaurant): Promise<CreatedRestaurant> {
  const parsed = NewRestaurantSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'restaurant'}: ${issue.message}`),
    );
  }
  const [row] = await tx
    .insert(restaurant)
    .values(parsed.data)
    .onConflictDoNothing({ target: restaurant.shortName })
    .returning({ id: restaurant.id, shortName: restaurant.shortName });
  if (!row) throw new RestaurantExistsError(parsed.data.shortName);
  return row;
}
