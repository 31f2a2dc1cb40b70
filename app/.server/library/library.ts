import { createHash } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { BUILT_IN_DOCUMENTS, BUILT_IN_VERSION_LABEL, SUPPORT_DOWNLOAD_KEYS } from "~/content/library";
import { audit, type Actor } from "~/.server/audit";
import type { Db } from "~/.server/db/client";
import { educationResources, libraryDocuments, libraryVersions } from "~/.server/db/schema";
import { inTransaction } from "~/.server/db/transaction";
import { pdfCompany } from "~/.server/orders/documents";
import { Refused } from "~/.server/refused";
import { builtInPdf } from "./pdf";

/**
 * The Forms Library: documents with their versions (the current one is the
 * one not superseded; older ones are kept for staff), and the Education
 * page's resources. Staff changes are audited in their transaction
 * (`library.upload`, `library.replace`, `library.retire`, `library.restore`,
 * `education.add`, `education.retire`, `education.restore`).
 */

/** A checked file, as `checkFile` gives it. */
export type LibraryFile = { name: string; mimeType: string; bytes: Uint8Array };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function versionValues(documentId: string, label: string, file: LibraryFile, by: string) {
  return { documentId, label, fileName: file.name, contentType: file.mimeType, size: file.bytes.byteLength, sha256: sha256(file.bytes), bytes: file.bytes, uploadedBy: by };
}

// ---------------------------------------------------------------------------
// The documents the portal makes itself

const ensured = new WeakMap<Db, Promise<void>>();

/**
 * Adds the built-in documents (content/library.ts) that have no row yet,
 * with their generated PDF as the first version: on a fresh install they are
 * there at the first look at the library. Once per process and database; a
 * second process adding them at the same time adds nothing twice (the key is unique).
 */
export function ensureBuiltIns(db: Db): Promise<void> {
  let done = ensured.get(db);
  if (!done) {
    done = addMissingBuiltIns(db).catch((error: unknown) => {
      ensured.delete(db);
      throw error;
    });
    ensured.set(db, done);
  }
  return done;
}

async function addMissingBuiltIns(db: Db): Promise<void> {
  const present = new Set((await db.select({ key: libraryDocuments.builtIn }).from(libraryDocuments).where(sql`${libraryDocuments.builtIn} is not null`)).map((r) => r.key));
  const company = pdfCompany();
  for (const document of BUILT_IN_DOCUMENTS) {
    if (present.has(document.key)) continue;
    const bytes = await builtInPdf(company, document);
    await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(libraryDocuments)
        .values({ builtIn: document.key, title: document.title, category: document.category, description: document.description, public: document.public, createdBy: "the portal" })
        .onConflictDoNothing()
        .returning({ id: libraryDocuments.id });
      if (!row) return;
      await tx.insert(libraryVersions).values(versionValues(row.id, BUILT_IN_VERSION_LABEL, { name: document.fileName, mimeType: "application/pdf", bytes }, "the portal"));
    });
  }
}

// ---------------------------------------------------------------------------
// Reading

export type LibraryDocument = {
  id: string;
  title: string;
  category: string;
  description: string | null;
  public: boolean;
  builtIn: boolean;
  retiredAt: Date | null;
  current: { id: string; label: string; fileName: string; contentType: string; size: number; uploadedAt: Date; uploadedBy: string } | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The library's documents with their current version, by title: for members
 * the ones not retired, found by words of the title or description and by
 * category; for staff (`withRetired`) all of them.
 */
export async function listDocuments(db: Db, { q = "", category, withRetired = false }: { q?: string; category?: string; withRetired?: boolean } = {}): Promise<LibraryDocument[]> {
  await ensureBuiltIns(db);
  const where: SQL[] = [];
  if (!withRetired) where.push(isNull(libraryDocuments.retiredAt));
  if (category) where.push(eq(libraryDocuments.category, category));
  for (const word of q.trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(sql`(${ilike(libraryDocuments.title, pattern)} or ${ilike(sql`coalesce(${libraryDocuments.description}, '')`, pattern)})`);
  }
  const rows = await db
    .select({
      id: libraryDocuments.id,
      title: libraryDocuments.title,
      category: libraryDocuments.category,
      description: libraryDocuments.description,
      public: libraryDocuments.public,
      builtIn: libraryDocuments.builtIn,
      retiredAt: libraryDocuments.retiredAt,
      versionId: libraryVersions.id,
      label: libraryVersions.label,
      fileName: libraryVersions.fileName,
      contentType: libraryVersions.contentType,
      size: libraryVersions.size,
      uploadedAt: libraryVersions.uploadedAt,
      uploadedBy: libraryVersions.uploadedBy,
    })
    .from(libraryDocuments)
    .leftJoin(libraryVersions, and(eq(libraryVersions.documentId, libraryDocuments.id), isNull(libraryVersions.supersededAt)))
    .where(and(...where))
    .orderBy(asc(libraryDocuments.title), asc(libraryDocuments.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    description: r.description,
    public: r.public,
    builtIn: r.builtIn !== null,
    retiredAt: r.retiredAt,
    current:
      r.versionId && r.label && r.fileName && r.contentType && r.size !== null && r.uploadedAt && r.uploadedBy
        ? { id: r.versionId, label: r.label, fileName: r.fileName, contentType: r.contentType, size: r.size, uploadedAt: r.uploadedAt, uploadedBy: r.uploadedBy }
        : null,
  }));
}

export type LibraryVersion = { id: string; documentId: string; label: string; fileName: string; size: number; uploadedAt: Date; uploadedBy: string; supersededAt: Date | null };

/** Every version of the documents, newest first, for the console. */
export async function listVersions(db: Db, documentIds: string[]): Promise<LibraryVersion[]> {
  if (documentIds.length === 0) return [];
  return db
    .select({
      id: libraryVersions.id,
      documentId: libraryVersions.documentId,
      label: libraryVersions.label,
      fileName: libraryVersions.fileName,
      size: libraryVersions.size,
      uploadedAt: libraryVersions.uploadedAt,
      uploadedBy: libraryVersions.uploadedBy,
      supersededAt: libraryVersions.supersededAt,
    })
    .from(libraryVersions)
    .where(inArray(libraryVersions.documentId, documentIds))
    .orderBy(desc(libraryVersions.uploadedAt), desc(libraryVersions.id));
}

export type StoredFile = { fileName: string; contentType: string; bytes: Uint8Array };

/** The current file of a document members may download (not retired), and whether anyone may; null when there is none. */
export async function currentFile(db: Db, documentId: string): Promise<(StoredFile & { public: boolean }) | null> {
  const [row] = await db
    .select({ fileName: libraryVersions.fileName, contentType: libraryVersions.contentType, bytes: libraryVersions.bytes, public: libraryDocuments.public })
    .from(libraryDocuments)
    .innerJoin(libraryVersions, and(eq(libraryVersions.documentId, libraryDocuments.id), isNull(libraryVersions.supersededAt)))
    .where(and(eq(libraryDocuments.id, documentId), isNull(libraryDocuments.retiredAt)))
    .limit(1);
  return row ?? null;
}

/** Any version's file, old or current, retired or not: for staff. */
export async function versionFile(db: Db, versionId: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({ fileName: libraryVersions.fileName, contentType: libraryVersions.contentType, bytes: libraryVersions.bytes })
    .from(libraryVersions)
    .where(eq(libraryVersions.id, versionId))
    .limit(1);
  return row ?? null;
}

export type SupportDownload = { key: string; title: string; description: string | null; href: string; size: number; type: string };

/** The support page's guides as the library holds them now (their current file's size); a retired one is left out. */
export async function supportDownloads(db: Db): Promise<SupportDownload[]> {
  await ensureBuiltIns(db);
  const rows = await db
    .select({
      key: libraryDocuments.builtIn,
      id: libraryDocuments.id,
      title: libraryDocuments.title,
      description: libraryDocuments.description,
      fileName: libraryVersions.fileName,
      contentType: libraryVersions.contentType,
      size: libraryVersions.size,
    })
    .from(libraryDocuments)
    .innerJoin(libraryVersions, and(eq(libraryVersions.documentId, libraryDocuments.id), isNull(libraryVersions.supersededAt)))
    .where(and(inArray(libraryDocuments.builtIn, [...SUPPORT_DOWNLOAD_KEYS]), isNull(libraryDocuments.retiredAt)));
  return SUPPORT_DOWNLOAD_KEYS.flatMap((key) => {
    const row = rows.find((r) => r.key === key);
    return row
      ? [{ key, title: row.title, description: row.description, href: downloadHref(row.id, row.fileName), size: row.size, type: row.contentType === "application/pdf" ? "PDF" : "Word" }]
      : [];
  });
}

/** A document's stable download address: the file's name is for the browser, the id decides. */
export const downloadHref = (id: string, fileName: string) => `/forms-library/${id}/${encodeURIComponent(fileName)}`;

// ---------------------------------------------------------------------------
// Staff changes

/** A new document with its first version. */
export async function uploadDocument(
  db: Db,
  { title, category, description, label, file, actor }: { title: string; category: string; description?: string; label: string; file: LibraryFile; actor: Actor },
): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(libraryDocuments).values({ title, category, description: description ?? null, createdBy: actor.email }).returning({ id: libraryDocuments.id });
    await tx.insert(libraryVersions).values(versionValues(row!.id, label, file, actor.email));
    await audit(tx, { actorEmail: actor.email, action: "library.upload", target: row!.id, ip: actor.ip, detail: `${title} (${category}), version ${label}, ${file.name}` });
    return { id: row!.id };
  });
}

/** A new current version; the one it replaces is kept (superseded). */
export async function replaceVersion(db: Db, { documentId, label, file, actor }: { documentId: string; label: string; file: LibraryFile; actor: Actor }): Promise<{ title: string }> {
  return inTransaction(db, async (tx) => {
    const [document] = await tx.select({ id: libraryDocuments.id, title: libraryDocuments.title }).from(libraryDocuments).where(eq(libraryDocuments.id, documentId)).for("update");
    if (!document) throw new Refused("This document is no longer in the library.", null, 404);
    const [before] = await tx
      .update(libraryVersions)
      .set({ supersededAt: sql`now()` })
      .where(and(eq(libraryVersions.documentId, documentId), isNull(libraryVersions.supersededAt)))
      .returning({ label: libraryVersions.label });
    await tx.insert(libraryVersions).values(versionValues(documentId, label, file, actor.email));
    await audit(tx, { actorEmail: actor.email, action: "library.replace", target: documentId, ip: actor.ip, detail: `version ${before?.label ?? "none"} -> ${label}, ${file.name}` });
    return { title: document.title };
  });
}

/** Retires a document (members no longer see it) or restores it. */
export async function setDocumentRetired(db: Db, { documentId, retired, actor }: { documentId: string; retired: boolean; actor: Actor }): Promise<{ title: string }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(libraryDocuments)
      .set(retired ? { retiredAt: sql`now()`, retiredBy: actor.email } : { retiredAt: null, retiredBy: null })
      .where(eq(libraryDocuments.id, documentId))
      .returning({ title: libraryDocuments.title });
    if (!row) throw new Refused("This document is no longer in the library.", null, 404);
    await audit(tx, { actorEmail: actor.email, action: retired ? "library.retire" : "library.restore", target: documentId, ip: actor.ip, detail: row.title });
    return row;
  });
}

// ---------------------------------------------------------------------------
// Education

export type EducationResource = {
  id: string;
  category: string;
  title: string;
  description: string;
  url: string | null;
  fileName: string | null;
  size: number | null;
  retiredAt: Date | null;
};

/** The resources in their order; for members those not retired. */
export async function listEducation(db: Db, { withRetired = false }: { withRetired?: boolean } = {}): Promise<EducationResource[]> {
  return db
    .select({
      id: educationResources.id,
      category: educationResources.category,
      title: educationResources.title,
      description: educationResources.description,
      url: educationResources.url,
      fileName: educationResources.fileName,
      size: educationResources.size,
      retiredAt: educationResources.retiredAt,
    })
    .from(educationResources)
    .where(withRetired ? undefined : isNull(educationResources.retiredAt))
    .orderBy(asc(educationResources.position), asc(educationResources.createdAt), asc(educationResources.id));
}

/** A resource with a link or a file, after the others. */
export async function addEducationResource(
  db: Db,
  { category, title, description, url, file, actor }: { category: string; title: string; description: string; url?: string; file?: LibraryFile; actor: Actor },
): Promise<{ id: string }> {
  if ((url === undefined) === (file === undefined)) throw new Error("A resource has a link or a file, not both.");
  return inTransaction(db, async (tx) => {
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${educationResources.position}), 0)` }).from(educationResources);
    const [row] = await tx
      .insert(educationResources)
      .values({
        category,
        title,
        description,
        url: url ?? null,
        ...(file ? { fileName: file.name, contentType: file.mimeType, size: file.bytes.byteLength, sha256: sha256(file.bytes), bytes: file.bytes } : {}),
        position: Number(last?.position ?? 0) + 1,
        createdBy: actor.email,
      })
      .returning({ id: educationResources.id });
    await audit(tx, { actorEmail: actor.email, action: "education.add", target: row!.id, ip: actor.ip, detail: `${title} (${category}), ${file ? file.name : "link"}` });
    return row!;
  });
}

export async function setEducationRetired(db: Db, { id, retired, actor }: { id: string; retired: boolean; actor: Actor }): Promise<{ title: string }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(educationResources)
      .set(retired ? { retiredAt: sql`now()`, retiredBy: actor.email } : { retiredAt: null, retiredBy: null })
      .where(eq(educationResources.id, id))
      .returning({ title: educationResources.title });
    if (!row) throw new Refused("This resource is no longer listed.", null, 404);
    await audit(tx, { actorEmail: actor.email, action: retired ? "education.retire" : "education.restore", target: id, ip: actor.ip, detail: row.title });
    return row;
  });
}

/** A resource's file; only a listed one unless `withRetired` (staff). */
export async function educationFile(db: Db, id: string, { withRetired = false } = {}): Promise<StoredFile | null> {
  const [row] = await db
    .select({ fileName: educationResources.fileName, contentType: educationResources.contentType, bytes: educationResources.bytes })
    .from(educationResources)
    .where(and(eq(educationResources.id, id), withRetired ? undefined : isNull(educationResources.retiredAt)))
    .limit(1);
  return row?.fileName && row.contentType && row.bytes ? { fileName: row.fileName, contentType: row.contentType, bytes: row.bytes } : null;
}
