import { redirect } from "react-router";
import type { Route } from "./+types/forms-library-file";
import { requireUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { currentFile, ensureBuiltIns, fileDownload } from "~/.server/library";
import { isUuid } from "~/lib/ids";

/**
 * A Forms Library document's current file, at a stable address (the name at
 * the end is for the browser; the id decides). The support page's guides
 * download without signing in; every other document is for signed-in
 * members and staff, and an address that finds nothing asks a visitor to sign
 * in first, so it tells nobody what the library holds.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await ensureBuiltIns(db);
  const file = isUuid(params.id) ? await currentFile(db, params.id) : null;
  if (file?.public) return fileDownload(file, { publicFile: true });
  const user = await requireUser(request);
  if (user.role === "partner") throw redirect("/partners");
  return file ? fileDownload(file) : notFoundResponse();
}
