import { eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { newSecret } from './ids.ts';
import { appSettings } from './platform.tables.ts';

/** JWT_SECRET from the environment, else one generated on first start and kept in the database. */
export async function loadSigningSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const key = 'jwt_secret';
  const candidate = newSecret();
  await db.insert(appSettings).values({ key, value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row!.value;
}
