import { readFileSync } from "node:fs";
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/.server/db/schema";

/**
 * Minimum necessary, by design: the modules a partner's pages read through
 * name no patient column and no sealed one. The list comes from the schema
 * itself, so a column added later is checked too: every `*Sealed` column of
 * every table, every column of the tables that hold a patient or their files,
 * and the patient fields of IVRs and orders (the patient, the wound, the date
 * of service).
 */

const tables = Object.entries(schema).filter(([, value]) => isTable(value)) as [string, PgTable][];

/** Tables that are a patient's data through and through (or a file's bytes). */
const PATIENT_TABLES = ["patients", "patientSearchTerms", "coverages", "ivrFiles", "submissionFiles", "eligibilityChecks", "graftApplications", "ivrVerifications", "priorAuthorisations"];

/** Columns of IVRs and orders that speak of the patient, beyond the sealed ones. */
const PATIENT_FIELDS: Record<string, string[]> = {
  ivrs: ["patientId", "dateOfService", "placeOfService", "areaHundredths", "cptCodes", "plannedApplications", "authorisedApplications", "priorAuthFrom", "priorAuthTo", "attestedIp"],
  orders: ["patientId", "ivrId", "dateOfService", "woundAreaHundredths", "poNumber"],
};

function forbiddenColumns(): string[] {
  const names: string[] = [];
  for (const [key, table] of tables) {
    for (const column of Object.keys(getTableColumns(table))) {
      if (column.endsWith("Sealed") || PATIENT_TABLES.includes(key) || PATIENT_FIELDS[key]?.includes(column)) names.push(`${key}.${column}`);
    }
  }
  return names;
}

const PARTNER_READ_MODULES = ["app/.server/partners/reads.ts", "app/.server/partners/statement.ts", "app/.server/partners/statement-lines.ts"];

describe("the partner's read modules", () => {
  const forbidden = forbiddenColumns();

  it("know the patient and sealed columns from the schema", () => {
    expect(tables.length).toBeGreaterThan(30);
    for (const column of ["patients.firstNameSealed", "patients.birthDateSealed", "coverages.memberIdSealed", "ivrs.clinicalSealed", "ivrs.patientId", "ivrFiles.nameSealed", "orders.notesSealed", "orders.dateOfService"]) {
      expect(forbidden, column).toContain(column);
    }
    expect(forbidden.filter((f) => f.endsWith("Sealed")).length).toBeGreaterThan(5);
  });

  it.each(PARTNER_READ_MODULES)("%s names none of them, imports no patient table and joins no file", (file) => {
    // The code, without its comments (which may say what it never reads).
    const source = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    for (const column of forbidden) expect(source, column).not.toMatch(new RegExp(`\\b${column.replace(".", "\\.")}\\b`));
    for (const key of PATIENT_TABLES) expect(source, key).not.toMatch(new RegExp(`\\b${key}\\b`));
    // Raw SQL names tables by their database name: none of those either.
    for (const [key, table] of tables) if (PATIENT_TABLES.includes(key)) expect(source, getTableName(table)).not.toMatch(new RegExp(`\\b${getTableName(table)}\\b`));
  });
});
