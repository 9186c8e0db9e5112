import { MongoClient, type Db } from 'mongodb';

/**
 * One way to reach MongoDB for every adapter (read models, projector lease, rate-limit counters, data keys), so they
 * all land in the same database and serialize documents the same way.
 */

/** The database when MONGODB_URL names none (the driver itself would pick `test`). */
export const DEFAULT_DATABASE = 'luavault';

/** `override`, else the database named in the URL's path, else `luavault`. */
export function databaseName(url: string, override?: string): string {
  if (override) return override;
  // mongodb://[user:pass@]host1[:port1][,host2...]/[database][?options]; the host list holds no '/' (nor does an
  // encoded user or password), so the database is what follows the first '/' after the scheme, up to '?'.
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url);
  const named = match?.[1] ? decodeURIComponent(match[1]) : '';
  return named || DEFAULT_DATABASE;
}

/**
 * A client that leaves out fields whose value is `undefined` (the driver's default writes them as null), as the
 * embedded store does: `$exists: false` and API answers then agree between the two.
 */
export function newMongoClient(url: string): MongoClient {
  return new MongoClient(url, { ignoreUndefined: true });
}

/** Connects and answers the client and the application's database (see `databaseName`). */
export async function connectMongo(url: string, database?: string): Promise<{ client: MongoClient; db: Db }> {
  const client = await newMongoClient(url).connect();
  return { client, db: client.db(databaseName(url, database)) };
}
