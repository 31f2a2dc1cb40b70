import { and, asc, eq } from "drizzle-orm";
import type { FacilityInput, ProviderInput } from "~/lib/schemas/practice";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { facilities, practices, providers } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";

/**
 * A practice's facilities and providers, typed by its members. Every read and
 * write carries the practice: another practice's record is not found (null),
 * never changed. Each change commits with its audit row.
 */

export type Facility = typeof facilities.$inferSelect;
export type Provider = typeof providers.$inferSelect;

function facilityValues(input: FacilityInput) {
  return {
    name: input.name,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 ?? null,
    city: input.city,
    state: input.state,
    zip: input.zip,
    // Required by facilitySchema; its field builder's type also covers the optional phones.
    phone: input.phone as string,
    groupNpi: input.groupNpi ?? null,
    ptan: input.ptan ?? null,
    taxId: input.taxId ?? null,
    placeOfService: input.placeOfService,
  };
}

function providerValues(input: ProviderInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    credentials: input.credentials ?? null,
    specialty: input.specialty ?? null,
    // Required by providerSchema (npiField with a message for a missing one).
    npi: input.npi as string,
    ptan: input.ptan ?? null,
  };
}

/**
 * The audit row of a facility or provider added or changed: who, what, which
 * record, and the practice by its name rather than its id.
 */
async function auditRecord(tx: Db, { actor, action, target, practiceId }: { actor: Actor; action: string; target: string; practiceId: string }): Promise<void> {
  const [row] = await tx.select({ name: practices.name }).from(practices).where(eq(practices.id, practiceId));
  await audit(tx, { actorEmail: actor.email, action, target, ip: actor.ip, detail: row ? `practice ${row.name}` : `practice ${practiceId}` });
}

export function listFacilities(db: Db, practiceId: string): Promise<Facility[]> {
  return db.select().from(facilities).where(eq(facilities.practiceId, practiceId)).orderBy(asc(facilities.name), asc(facilities.createdAt));
}

export function listProviders(db: Db, practiceId: string): Promise<Provider[]> {
  return db
    .select()
    .from(providers)
    .where(eq(providers.practiceId, practiceId))
    .orderBy(asc(providers.lastName), asc(providers.firstName), asc(providers.createdAt));
}

export async function getFacility(db: Db, { practiceId, id }: { practiceId: string; id: string }): Promise<Facility | null> {
  const [row] = await db.select().from(facilities).where(and(eq(facilities.id, id), eq(facilities.practiceId, practiceId)));
  return row ?? null;
}

export async function getProvider(db: Db, { practiceId, id }: { practiceId: string; id: string }): Promise<Provider | null> {
  const [row] = await db.select().from(providers).where(and(eq(providers.id, id), eq(providers.practiceId, practiceId)));
  return row ?? null;
}

export function addFacility(db: Db, { practiceId, actor, input }: { practiceId: string; actor: Actor; input: FacilityInput }): Promise<Facility> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(facilities).values({ practiceId, ...facilityValues(input) }).returning();
    await auditRecord(tx, { actor, action: "facility.create", target: row!.id, practiceId });
    return row!;
  });
}

/** Changes the practice's facility; null when the practice has no facility with this id. */
export function updateFacility(
  db: Db,
  { practiceId, id, actor, input }: { practiceId: string; id: string; actor: Actor; input: FacilityInput },
): Promise<Facility | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(facilities)
      .set({ ...facilityValues(input), updatedAt: new Date() })
      .where(and(eq(facilities.id, id), eq(facilities.practiceId, practiceId)))
      .returning();
    if (!row) return null;
    await auditRecord(tx, { actor, action: "facility.update", target: row.id, practiceId });
    return row;
  });
}

export function addProvider(db: Db, { practiceId, actor, input }: { practiceId: string; actor: Actor; input: ProviderInput }): Promise<Provider> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(providers).values({ practiceId, ...providerValues(input) }).returning();
    await auditRecord(tx, { actor, action: "provider.create", target: row!.id, practiceId });
    return row!;
  });
}

/** Changes the practice's provider; null when the practice has no provider with this id. */
export function updateProvider(
  db: Db,
  { practiceId, id, actor, input }: { practiceId: string; id: string; actor: Actor; input: ProviderInput },
): Promise<Provider | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(providers)
      .set({ ...providerValues(input), updatedAt: new Date() })
      .where(and(eq(providers.id, id), eq(providers.practiceId, practiceId)))
      .returning();
    if (!row) return null;
    await auditRecord(tx, { actor, action: "provider.update", target: row.id, practiceId });
    return row;
  });
}
