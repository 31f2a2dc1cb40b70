// Accounts for the browser tests, created in DATA_DIR before the server starts.
import path from "node:path";
import { upsertUser } from "~/.server/accounts/accounts";
import { openDatabase } from "~/.server/db/client";
import { testAccounts } from "./accounts";
import { seedIvrs } from "./seed-ivrs";

const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR!) });
for (const account of Object.values(testAccounts)) await upsertUser(database.db, account);
await seedIvrs(database.db);
await database.close();
