import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { dinerSession } from '../../db/schema.ts';

export async function createSession(db: Db): Promise<string> {
  const id = randomUUID();
  await db.insert(dinerSession).values({ id });
  return id;
}

/** Marks the session as seen now; false when the server never issued it. */
export async function touchSession(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(dinerSession)
    .set({ lastSeen: sql`now()` })
    .where(eq(dinerSession.id, id))
    .returning({ id: dinerSession.id });
  return rows.length > 0;
}
