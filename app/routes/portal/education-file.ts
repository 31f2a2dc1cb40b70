import { redirect } from "react-router";
import type { Route } from "./+types/education-file";
import { requireUser } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { notFoundResponse } from "~/.server/http/not-found";
import { educationFile, fileDownload } from "~/.server/library";
import { isUuid } from "~/lib/ids";

/** An Education resource's file: for signed-in members (a listed one) and staff (any). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (user.role === "partner") throw redirect("/partners");
  if (!isUuid(params.id)) return notFoundResponse();
  const file = await educationFile(getDb(), params.id, { withRetired: user.role === "staff" || user.role === "admin" });
  return file ? fileDownload(file) : notFoundResponse();
}
