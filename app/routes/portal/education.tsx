import { BookOpen, FileText, PlayCircle } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/education";
import { privateMeta } from "~/lib/meta";
import { PortalHeader } from "~/components/portal/portal-header";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/.server/accounts";
import { portalBrand } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { practiceOfUser } from "~/.server/practices";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Education Center");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  // A member's practice branding over the header (app/.server/branding); none for anyone else.
  const practice = await practiceOfUser(getDb(), user.id);
  return { email: user.email, brand: practice ? await portalBrand(getDb(), practice.id) : null };
}

const cards = [
  { icon: PlayCircle, title: "Video Training", text: "Short videos on ordering, IVRs and product handling." },
  { icon: BookOpen, title: "Resource Library", text: "Guides on coverage, documentation and wound care workflows." },
  { icon: FileText, title: "Documentation", text: "Product specifications and the compliance documents your practice needs." },
];

export default function EducationPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PortalHeader email={loaderData.email} title="Education" brand={loaderData.brand} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 className="text-2xl font-bold text-navy">Education Center Coming Soon</h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Training and reference material for your team is on its way. Each area below opens here when it is ready.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {cards.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon aria-hidden className="size-8 text-primary" />
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
