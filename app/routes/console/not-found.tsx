import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireRole } from "~/.server/accounts";

/** An address under /admin that names no console page: 404, shown by the console's frame (routes/admin.tsx). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** Never shown: the loader always answers 404. A page module (not a resource route), so the frame renders it. */
export default function AdminNotFound() {
  return null;
}
