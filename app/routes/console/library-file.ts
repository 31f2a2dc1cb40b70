import type { Route } from "./+types/library-file";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { fileDownload, versionFile } from "~/.server/library";
import { isUuid } from "~/lib/ids";

/** Any version of a library document, the current one or one it replaced, retired or not: for staff. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  if (!isUuid(params.id)) return notFoundResponse();
  const file = await versionFile(getDb(), params.id);
  return file ? fileDownload(file) : notFoundResponse();
}
