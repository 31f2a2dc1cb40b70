/**
 * npm run db:migrate: brings the database (DATABASE_URL, or the embedded one in
 * DATA_DIR) to the code's migrations and stops, without starting the site. The
 * server migrates at start too; this is for a migration that takes long on a
 * large database (an index over millions of audit rows, say), run before the
 * servers are restarted, so a server's readiness check does not wait on it.
 */
import path from "node:path";
import { openDatabase } from "~/.server/db/client";
import { env } from "~/.server/env";

const e = env();
const started = performance.now();
const database = await openDatabase(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: path.resolve(e.DATA_DIR) });
await database.close();
console.log(`Database migrated in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
