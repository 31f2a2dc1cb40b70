import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Reads the production build the browser tests run against (npm test builds it
// first): no file the browser can load may carry server code.
const CLIENT_DIR = path.resolve("build/client");
const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * What the database schema names in snake_case. A table's or an enum's name
 * (audit_log, password_tokens) appears nowhere in browser code; a column's or
 * an index's (token_hash) never as a string of its own (a library may use the
 * same word as a key). Tables named by a plain word (outbox, user, session)
 * are words of the console's text too: a table definition would bring them with
 * drizzle and its column names, both checked below.
 */
function schemaMarkers(): { name: string; pattern: RegExp }[] {
  const schema = readFileSync("app/.server/db/schema.ts", "utf8");
  const snake = "[a-z0-9]+(?:_[a-z0-9]+)+";
  const tables = new Set([...schema.matchAll(new RegExp(`\\bpg(?:Table|Enum)\\(\\s*"(${snake})"`, "g"))].map((m) => m[1]!));
  const others = new Set([...schema.matchAll(new RegExp(`\\b[A-Za-z]+\\(\\s*"(${snake})"`, "g"))].map((m) => m[1]!));
  return [
    ...[...tables].map((name) => ({ name: `the schema's ${name}`, pattern: new RegExp(`\\b${name}\\b`) })),
    ...[...others].filter((name) => !tables.has(name)).map((name) => ({ name: `the schema's "${name}"`, pattern: new RegExp(`["'\`]${name}["'\`]`) })),
  ];
}

const serverMarkers: { name: string; pattern: RegExp }[] = [
  { name: "drizzle", pattern: /drizzle/i },
  { name: "PGlite", pattern: /pglite|@electric-sql/i },
  { name: "Better Auth", pattern: /better-auth/ },
  { name: "nodemailer", pattern: /nodemailer/ },
  { name: "busboy", pattern: /busboy/ },
  { name: "pino", pattern: /\bpino\b/ },
  { name: "sanitize-html", pattern: /sanitize-html/ },
  { name: "fflate", pattern: /fflate/ },
  { name: "a Node built-in module", pattern: /["'`]node:[a-z]/ },
  { name: "the environment", pattern: /process\.env/ },
  { name: "a .server module", pattern: /\.server\// },
  ...schemaMarkers(),
];

test("no file of the browser build carries server code, drizzle or the database schema's names", () => {
  expect(existsSync(CLIENT_DIR), `${CLIENT_DIR} is missing: run npm run build first`).toBe(true);
  const files = filesUnder(CLIENT_DIR).filter((file) => TEXT.test(file));
  expect(files.filter((file) => file.endsWith(".js")).length, "the build has scripts").toBeGreaterThan(0);
  // Names the check must keep finding in the schema.
  expect(serverMarkers.map((m) => m.name)).toEqual(
    expect.arrayContaining(["the schema's password_tokens", "the schema's audit_log", `the schema's "token_hash"`]),
  );
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const { name, pattern } of serverMarkers) {
      if (pattern.test(text)) found.push(`${path.relative(CLIENT_DIR, file)}: ${name}`);
    }
  }
  expect(found).toEqual([]);
});
