import { z } from 'zod';
import { RowIdSchema } from './ids.ts';
import { SessionIdSchema } from './session.ts';

export const RATING_VALUES = ['LIKE', 'DISLIKE'] as const;
export const RatingValueSchema = z.enum(RATING_VALUES);
export type RatingValue = z.infer<typeof RatingValueSchema>;

/**
 * spec §7 call 4: POST /api/menu-item-ratings. `rating: null` takes the session's rating back;
 * sending the other value changes its mind. One rating per session and item.
 */
export const RatingRequestSchema = z.strictObject({
  sessionId: SessionIdSchema,
  menuItemId: RowIdSchema,
  rating: RatingValueSchema.nullable(),
});
export type RatingRequest = z.infer<typeof RatingRequestSchema>;

export const RatingResponseSchema = z.object({
  menuItemId: z.number().int(),
  likeCount: z.number().int().nonnegative(),
  dislikeCount: z.number().int().nonnegative(),
  rating: RatingValueSchema.nullable(),
});
export type RatingResponse = z.infer<typeof RatingResponseSchema>;

/** GET /api/menu-item-ratings/:shortName with the session header: the session's own ratings. */
export const MyRatingsResponseSchema = z.array(
  z.object({ menuItemId: z.number().int(), rating: RatingValueSchema }),
);
export type MyRatingsResponse = z.infer<typeof MyRatingsResponseSchema>;
