import { z } from 'zod';

/**
 * Rows are numbered by PostgreSQL `serial` columns, 32-bit: a larger id names nothing, and the database
 * refuses it with an error instead of finding no row. Every id a client sends is checked against this bound,
 * so a huge one is a 400 like any other malformed input.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** An id in a JSON body. */
export const RowIdSchema = z.number().int().positive().max(MAX_ROW_ID);

/** An id in a path parameter (text, as digits). */
export const RowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
