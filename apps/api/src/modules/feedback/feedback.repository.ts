import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback, transports } from '../../db/schema';

export type NewFeedback = typeof feedback.$inferInsert;

export async function insertFeedback(db: Db, values: NewFeedback): Promise<number> {
  const [row] = await db.insert(feedback).values(values).returning({ id: feedback.id });
  if (!row) throw new Error('feedback insert returned nothing');
  return row.id;
}

export async function transportExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: transports.id }).from(transports).where(eq(transports.id, id)).limit(1);
  return rows.length > 0;
}
