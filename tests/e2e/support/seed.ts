// Accounts for the browser tests, created in DATA_DIR before the server starts.
import path from "node:path";
import { upsertUser } from "~/.server/accounts/accounts";
import { openDatabase } from "~/.server/db/client";
import { testAccounts } from "./accounts";

const database = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR!) });
for (const account of Object.values(testAccounts)) await upsertUser(database.db, account);
await database.close();
