import type { Route } from "./+types/not-found";
import { requireRole } from "~/.server/accounts";
import { notFound } from "~/.server/http/not-found";

/** An address under /admin that names no console page: 404, shown by the console's frame (routes/admin.tsx). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  notFound();
}

/** Never shown: the loader always answers 404. A page module (not a resource route), so the frame renders it. */
export default function AdminNotFound() {
  return null;
}
