import { CONSOLE_ROLES, ROLE_LABELS, type ConsoleRole } from "~/lib/accounts";
import { STATUS_LABELS, STATUSES, type Status } from "~/lib/submissions";
import type { Option } from "./fields";

/**
 * What the console's forms need without zod: option lists and the texts of
 * their answers. The rules themselves are in the console-*.ts schemas.
 */

/** The roles an admin may pick (never partner: partners are made from their callback). */
export const ROLE_OPTIONS: readonly Option<ConsoleRole>[] = CONSOLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

export const STATUS_OPTIONS: readonly Option<Status>[] = STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export const CHOOSE_STATUS = "Choose a status from the list.";

/**
 * A console change whose answer never came (the connection dropped, or the
 * answer was not one a form sends): nothing says it was saved.
 */
export const consoleNotSaved = {
  title: "Not saved",
  description: "The change could not be sent just now. Reload the page to see what was saved, and try again.",
  variant: "error",
} as const;

/** The title of a refused change to a mail (already sent, link gone, mail gone). */
export const MAIL_REFUSED_TITLE = "Could not change that mail";

/** An invited member's practice is missing. */
export const PRACTICE_REQUIRED = "Choose the member's practice";

/** The title of a refused change to an account (yours, or gone). */
export const USER_REFUSED_TITLE = "Not done";
