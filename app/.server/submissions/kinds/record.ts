import { asc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { SiteConfig } from "~/config/site";
import { KIND_INFO, listsOf, type Kind, type KindInfo, type ListInfo, type ListKey } from "~/lib/submission-kinds";
import type { Db } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import type { FieldLine } from "~/.server/mail";

/**
 * The server half of a form kind's record (the browser-safe half is its
 * entry in lib/submission-kinds.ts): its table, how a form's input becomes
 * rows, how its fields read on the submission page, in the CSV and in the
 * notification, which columns the inbox shows and searches, and its mails.
 * `defineKind` turns a record into what the rest of the domain calls, so no
 * other code names a kind.
 */

type Value = string | null | undefined;
type Labels = Readonly<Record<string, string>>;
/** A value for each field of a record, by the field's key: the compiler holds the two halves together. */
type ValuesFor<F extends Labels> = { [Key in keyof F]: Value };

export type Person = { firstName: string; lastName: string; email: string };
/** A field in words, as the submission page and the CSV show it: null when not given. */
export type FieldValue = { label: string; value: string | null };
export type MailSection = { title?: string; fields: FieldLine[] };
export type Notification = { subject: string; heading: string; sections: MailSection[] };

/** A stored entry of a list (an application's experience), with its fields in words and as one line. */
export type LoadedEntry = { row: Record<string, unknown> & { position: number }; fields: FieldValue[]; line: string };

/** The inbox's view of a kind: which of its columns it shows and searches. */
export type InboxColumns = {
  /** The company or organization column; also searched. */
  organization?: AnyPgColumn;
  /** A phone number, searched by its digits. */
  phone?: AnyPgColumn;
  /** What the inbox's line shows after the name. */
  summary?: AnyPgColumn;
  /** How the summary reads; by default its text on one line, cut to length. */
  summaryText?: (value: string) => string;
  /** Free text searched by full-text search. */
  text?: AnyPgColumn[];
};

export type ServerList<Input> = {
  /** The list's key in its kind's record ("experience"). */
  key: ListKey;
  info: ListInfo;
  /** Stores the input's entries, in order; answers their notification sections. */
  insert(tx: Db, submissionId: string, input: Input): Promise<MailSection[]>;
  /** Stored entries in order, by submission id: of one submission, of those listed, or of every one. */
  load(db: Db, which?: string | readonly string[]): Promise<Map<string, LoadedEntry[]>>;
};

export type ServerKind<Input = never> = {
  kind: Kind;
  info: KindInfo;
  /** The kind's own table: one row per submission, keyed by its id. */
  table: PgTable & { submissionId: AnyPgColumn };
  inbox: InboxColumns;
  /** The kind's lists, in its record's order. */
  lists: ServerList<Input>[];
  /** The address of its notifications, when configured for this kind (else the company's). */
  mailTo(env: Env, site: SiteConfig): string | undefined;
  confirmation: { subject: string; what: string; promise: string };
  person(input: Input): Person;
  /** Stores the kind's rows in the submission's transaction; answers the notification listing what was stored. */
  insert(tx: Db, submissionId: string, input: Input): Promise<Notification>;
  /**
   * For a kind of one row (no lists), that row and its notification, known
   * before anything is stored: the submission is then written in one statement.
   */
  knownRow?: (submissionId: string, input: Input) => { table: PgTable; values: Record<string, unknown>; notification: Notification };
  /** The kind's own fields in words, by submission id: of one submission, of those listed, or of every one of the kind. */
  loadFields(db: Db, which?: string | readonly string[]): Promise<Map<string, FieldValue[]>>;
  /** Its own fields in words, all empty: a submission whose row is missing still shows every label. */
  emptyFields(): FieldValue[];
};

const given = (value: Value): string | null => (value === undefined || value === null || value === "" ? null : value);

function inWords(labels: Labels, values: Record<string, Value>): FieldValue[] {
  return Object.entries(labels).map(([key, label]) => ({ label, value: given(values[key]) }));
}

/** The rows of one submission, of those listed, or (nothing given) all. */
function ofSubmissions(column: AnyPgColumn, which: string | readonly string[] | undefined) {
  if (which === undefined) return undefined;
  // One array parameter rather than one per id: a batch of thousands is bound and planned as cheaply as one id.
  return typeof which === "string" ? eq(column, which) : sql`${column} = any(${sql.param([...which])}::uuid[])`;
}

const submissionIdOf = (row: unknown) => (row as { submissionId: string }).submissionId;

/** The first lines of every notification: who sent it. */
export const personLines = (p: Person): FieldLine[] => [
  { label: "First name", value: p.firstName },
  { label: "Last name", value: p.lastName },
  { label: "Email", value: p.email },
];

type EntryTable = PgTable & { submissionId: AnyPgColumn; position: AnyPgColumn };

type ListDef<Input> = Omit<ServerList<Input>, "key">;

/** A list of a kind (entries given any number of times), stored one row per entry with its position. */
export function defineList<Input, T extends EntryTable, F extends Labels>(
  info: ListInfo & { fields: F },
  def: {
    table: T;
    /** The rows the input's entries become, in the order given (the position is added). */
    entries: (input: Input) => Omit<T["$inferInsert"], "submissionId" | "position">[];
    read: (entry: T["$inferSelect"]) => NoInfer<ValuesFor<F>>;
    /** The entry as one line of text, for the CSV. */
    line: (entry: T["$inferSelect"]) => string;
    /** The notification's heading of entry `n` (from 1). */
    mailTitle: (n: number) => string;
  },
): ListDef<Input> {
  const { table } = def;
  const loaded = (row: T["$inferSelect"]): LoadedEntry => ({
    row: row as LoadedEntry["row"],
    fields: inWords(info.fields, def.read(row)),
    line: def.line(row),
  });
  return {
    info,
    async insert(tx, submissionId, input) {
      const entries = def.entries(input);
      if (entries.length === 0) return [];
      const stored = (await tx
        .insert(table)
        .values(entries.map((entry, position) => ({ ...entry, submissionId, position })) as never)
        .returning()) as T["$inferSelect"][];
      return stored
        .map(loaded)
        .sort((a, b) => a.row.position - b.row.position)
        .map((entry, i) => ({ title: def.mailTitle(i + 1), fields: entry.fields }));
    },
    async load(db, which) {
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(ofSubmissions(table.submissionId, which))
        .orderBy(asc(table.submissionId), asc(table.position))) as T["$inferSelect"][];
      const bySubmission = new Map<string, LoadedEntry[]>();
      for (const row of rows) {
        const list = bySubmission.get(submissionIdOf(row));
        if (list) list.push(loaded(row));
        else bySubmission.set(submissionIdOf(row), [loaded(row)]);
      }
      return bySubmission;
    },
  };
}

type Info<K extends Kind> = (typeof KIND_INFO)[K];
/** A kind with lists in its record must define each of them here, by the same keys; one without has none. */
type ListDefs<K extends Kind, Input> = Info<K> extends { lists: infer L } ? { lists: { [Key in keyof L]: ListDef<Input> } } : { lists?: never };

export function defineKind<K extends Kind, T extends PgTable & { submissionId: AnyPgColumn }, Input>(
  def: {
    kind: K;
    table: T;
    person: (input: Input) => Person;
    /** The row of its own table the input becomes (the submission id is added). */
    row: (input: Input) => Omit<T["$inferInsert"], "submissionId">;
    /** Its own fields, by the keys of its record's `fields`. */
    read: (row: T["$inferSelect"]) => ValuesFor<Info<K>["fields"]>;
    inbox: InboxColumns;
    mailTo: (env: Env, site: SiteConfig) => string | undefined;
    /** The notification's subject and heading; `title` heads its first section. */
    notification: (row: T["$inferSelect"], person: Person) => { subject: string; heading: string; title?: string };
    confirmation: { subject: string; what: string; promise: string };
  } & ListDefs<K, Input>,
): ServerKind<Input> {
  const info: KindInfo = KIND_INFO[def.kind];
  const { table } = def;
  const listDefs = (def.lists ?? {}) as Record<string, ListDef<Input>>;
  const lists = listsOf(def.kind).map(([key]): ServerList<Input> => ({ ...listDefs[key]!, key: key as ListKey }));
  const fieldsOf = (row: T["$inferSelect"]) => inWords(info.fields, def.read(row));
  /** The notification's first section: who sent it and the kind's own fields. */
  const notificationOf = (row: T["$inferSelect"], input: Input) => {
    const person = def.person(input);
    const { subject, heading, title } = def.notification(row, person);
    const own: MailSection = { title, fields: [...personLines(person), ...fieldsOf(row)] };
    return { subject, heading, sections: [own] };
  };
  return {
    kind: def.kind,
    info,
    table,
    inbox: def.inbox,
    lists,
    mailTo: def.mailTo,
    confirmation: def.confirmation,
    person: def.person,
    async insert(tx, submissionId, input) {
      const [row] = (await tx
        .insert(table)
        .values({ ...def.row(input), submissionId } as never)
        .returning()) as T["$inferSelect"][];
      const notification = notificationOf(row!, input);
      for (const list of lists) notification.sections.push(...(await list.insert(tx, submissionId, input)));
      return notification;
    },
    // The row as stored is the row given: the kinds' own tables have no column the database fills in.
    knownRow:
      lists.length > 0
        ? undefined
        : (submissionId, input) => {
            const values = { ...def.row(input), submissionId };
            return { table, values, notification: notificationOf(values as T["$inferSelect"], input) };
          },
    async loadFields(db, which) {
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(ofSubmissions(table.submissionId, which))) as T["$inferSelect"][];
      return new Map(rows.map((row) => [submissionIdOf(row), fieldsOf(row)]));
    },
    emptyFields: () => Object.values(info.fields).map((label) => ({ label, value: null })),
  };
}
