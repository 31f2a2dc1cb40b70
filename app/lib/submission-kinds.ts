/**
 * The form kinds, one record each, browser-safe: what the console and the
 * mail words say about a kind. Its server half (its table, how its fields are
 * read and stored, its mails) is the record of the same name in
 * app/.server/submissions/kinds/. The kind list, the database enum, the
 * inbox's filters and counts, the submission page, the CSV export and the
 * outbox's words all derive from these.
 *
 * A new kind: a record here, its table in the schema (and a migration adding
 * its name to the `submission_kind` enum: keep new kinds last), its server
 * record, and its form.
 */

/** Entries a form takes any number of times (an application's work experience), each shown under its own heading. */
export type ListInfo = {
  /** The section's heading on the submission page. */
  title: string;
  /** One entry's heading, numbered: "Experience 1". */
  entry: string;
  /** What the page says when none was given. */
  empty: string;
  /** The CSV column that holds them, one numbered line each. */
  column: string;
  /** An entry's fields, key to label, in the form's order. */
  fields: Readonly<Record<string, string>>;
};

export type KindInfo = {
  /** The console's word for it: filters, headings, counts, audit targets. */
  label: string;
  /** The mail's word for it: "Contact form: notification to the company". */
  formName: string;
  /**
   * Its own fields after first name, last name and email, key to label, in
   * the order the form asks for them: the submission page, the CSV columns
   * and the notification list them so.
   */
  fields: Readonly<Record<string, string>>;
  lists?: Readonly<Record<string, ListInfo>>;
  /** Takes uploaded files: its page always has a Files section, its CSV a files column. */
  files?: boolean;
};

export const KIND_INFO = {
  contact: {
    label: "Contact",
    formName: "Contact form",
    fields: { company: "Company", message: "Message" },
  },
  intake: {
    label: "Consultation",
    formName: "Consultation request",
    fields: { phone: "Phone", organization: "Organization", role: "Role", query: "Request" },
  },
  application: {
    label: "Application",
    formName: "Job application",
    fields: {
      phone: "Phone",
      address: "Address",
      city: "City",
      state: "State",
      zipCode: "ZIP code",
      position: "Position",
      expectedSalary: "Expected salary",
      availableStartDate: "Available start date",
    },
    lists: {
      experience: {
        title: "Work experience",
        entry: "Experience",
        empty: "No work experience given.",
        column: "experience",
        fields: {
          company: "Company",
          position: "Position",
          location: "Location",
          startDate: "Start date",
          endDate: "End date",
          description: "Description",
        },
      },
      certifications: {
        title: "Certifications",
        entry: "Certification",
        empty: "No certifications given.",
        column: "certifications",
        fields: {
          name: "Name",
          issuingOrganization: "Issuing organization",
          issueDate: "Issue date",
          expirationDate: "Expiration date",
          credentialId: "Credential ID",
        },
      },
    },
    files: true,
  },
  callback: {
    label: "Partner callback",
    formName: "Partner callback request",
    fields: {
      phone: "Phone",
      currentRole: "Current role",
      experience: "Experience",
      territory: "Territory",
      bestTimeToCall: "Best time to call",
      additionalInfo: "Additional information",
    },
  },
} as const satisfies Record<string, KindInfo>;

export type Kind = keyof typeof KIND_INFO;

/** The kinds in their record order, which is also the database enum's. */
export const KINDS = Object.keys(KIND_INFO) as [Kind, ...Kind[]];

/** The record of a kind, as the general shape (for code that handles every kind alike). */
export function kindInfo(kind: Kind): KindInfo {
  return KIND_INFO[kind];
}

/** A kind's lists of entries, key and words, in the record's order (none for most kinds). */
export function listsOf(kind: Kind): [string, ListInfo][] {
  return Object.entries(kindInfo(kind).lists ?? {});
}

type ListsOfKind<K extends Kind> = (typeof KIND_INFO)[K] extends { lists: infer L } ? keyof L : never;
/** Every list key any kind has ("experience", "certifications"). */
export type ListKey = { [K in Kind]: ListsOfKind<K> }[Kind] & string;
