import { FileText, Search } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/forms-library";
import { privateMeta } from "~/lib/meta";
import { PortalHeader } from "~/components/portal/portal-header";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { requireUser } from "~/.server/accounts";
import { portalBrand } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { practiceOfUser } from "~/.server/practices";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Forms Library");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  // A member's practice branding over the header (app/.server/branding); none for anyone else.
  const practice = await practiceOfUser(getDb(), user.id);
  return { email: user.email, brand: practice ? await portalBrand(getDb(), practice.id) : null };
}

export default function FormsLibraryPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PortalHeader email={loaderData.email} title="Forms Library" brand={loaderData.brand} />
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
        <div className="grid gap-2">
          <Label htmlFor="forms-search">Search forms</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id="forms-search" type="search" className="pl-9" placeholder="Search by form name" disabled aria-describedby="forms-soon" />
          </div>
        </div>
        <Card>
          <CardContent padding="lg" className="flex flex-col items-center gap-3 text-center">
            <FileText aria-hidden className="size-10 text-primary" />
            <h2 className="text-xl font-semibold text-navy">Forms Library Coming Soon</h2>
            <p id="forms-soon" className="max-w-md text-muted-foreground">
              Downloadable IVR, order and compliance forms will be listed here. Until then, use the IVR and order forms in the
              Clinical Portal, or ask support for any document.
            </p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
