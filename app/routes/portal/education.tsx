import { BookOpen, Download, ExternalLink, FileText, PlayCircle } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/education";
import { privateMeta } from "~/lib/meta";
import { PortalHeader } from "~/components/portal/portal-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EDUCATION_CATEGORIES } from "~/content/library";
import { formatBytes } from "~/lib/format";
import { requireUser } from "~/.server/accounts";
import { portalBrand } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { listEducation } from "~/.server/library";
import { practiceOfUser } from "~/.server/practices";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Education Center");

/** Training resources by category, as staff keep them (/admin/library): a link, or a file to download. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  // A member's practice branding over the header (app/.server/branding); none for anyone else.
  const db = getDb();
  const practice = await practiceOfUser(db, user.id);
  const resources = await listEducation(db);
  return {
    email: user.email,
    brand: practice ? await portalBrand(db, practice.id) : null,
    resources: resources.map((r) => ({
      id: r.id,
      category: r.category,
      title: r.title,
      description: r.description,
      href: r.url ?? `/education/${r.id}/${encodeURIComponent(r.fileName ?? "file")}`,
      file: r.url ? null : { name: r.fileName ?? "", size: r.size ?? 0 },
    })),
  };
}

const ICONS = { "Video Training": PlayCircle, "Resource Library": BookOpen, Documentation: FileText } as const;

export default function EducationPage({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  return (
    <>
      <PortalHeader email={loaderData.email} title="Education" brand={loaderData.brand} />
      <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-10 sm:px-6">
        <div>
          <h2 className="text-2xl font-bold text-navy">Education Center</h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">Training and reference material for your team, by category.</p>
        </div>
        {EDUCATION_CATEGORIES.map((category) => {
          const Icon = ICONS[category.name];
          const listed = resources.filter((r) => r.category === category.name);
          const headingId = `education-${category.name.toLowerCase().replace(/\s+/g, "-")}`;
          return (
            <section key={category.name} aria-labelledby={headingId} className="flex flex-col gap-4">
              <div className="flex items-start gap-3">
                <Icon aria-hidden className="mt-1 size-7 shrink-0 text-primary" />
                <div>
                  <h3 id={headingId} className="text-xl font-semibold text-navy">
                    {category.name}
                  </h3>
                  <p className="text-sm text-muted-foreground">{category.text}</p>
                </div>
              </div>
              {listed.length === 0 ? (
                <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">Nothing in {category.name} yet: our team adds material here as it is ready.</p>
              ) : (
                <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
                  {listed.map((r) => (
                    <li key={r.id}>
                      <Card className="flex h-full flex-col">
                        <CardHeader>
                          <CardTitle as="h4" className="break-words">{r.title}</CardTitle>
                          <CardDescription className="break-words">{r.description}</CardDescription>
                        </CardHeader>
                        <CardContent className="mt-auto">
                          {r.file ? (
                            <a href={r.href} download className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline">
                              <Download aria-hidden className="size-4" />
                              Download <span className="sr-only">{r.title}</span> ({formatBytes(r.file.size)})
                            </a>
                          ) : (
                            <a href={r.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline">
                              <ExternalLink aria-hidden className="size-4" />
                              Open <span className="sr-only">{r.title}</span>
                              <span className="sr-only">(opens in a new tab)</span>
                            </a>
                          )}
                        </CardContent>
                      </Card>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
