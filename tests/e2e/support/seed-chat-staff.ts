// The staff account of the live chat test, in the PostgreSQL database its two servers share (DATABASE_URL).
import { upsertUser } from "~/.server/accounts/accounts";
import { openDatabase } from "~/.server/db/client";
import { enrolTestApp } from "../../support/second-factor";
import { testAccounts } from "./accounts";

const database = await openDatabase({ url: process.env.DATABASE_URL! });
const { user } = await upsertUser(database.db, testAccounts.staff);
await enrolTestApp(database.db, user.id);
await database.close();
