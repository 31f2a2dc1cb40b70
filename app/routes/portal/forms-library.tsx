import { Download, FileText, Search } from "lucide-react";
import { Form, Link, redirect, useSubmit } from "react-router";
import type { Route } from "./+types/forms-library";
import { privateMeta } from "~/lib/meta";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { BUILT_IN_VERSION_LABEL, LIBRARY_CATEGORIES } from "~/content/library";
import { formatBytes } from "~/lib/format";
import { librarySearchSchema } from "~/lib/schemas/library";
import { requireUser } from "~/.server/accounts";
import { portalBrand } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { downloadHref, listDocuments } from "~/.server/library";
import { practiceOfUser } from "~/.server/practices";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Forms Library");

/**
 * The Forms Library: the current version of every document not retired,
 * searched on the server (`?q=` words of the title or description,
 * `?category=`), so the search works without JavaScript; with it, the list
 * follows as the person types.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // A sales partner has no practice: their area is /partners.
  if (user.role === "partner") throw redirect("/partners");
  const url = new URL(request.url);
  const search = librarySearchSchema.parse({ q: url.searchParams.get("q") ?? "", category: url.searchParams.get("category") ?? undefined });
  const db = getDb();
  // A member's practice branding over the header (app/.server/branding); none for anyone else.
  const practice = await practiceOfUser(db, user.id);
  const documents = await listDocuments(db, search);
  return {
    email: user.email,
    brand: practice ? await portalBrand(db, practice.id) : null,
    search,
    documents: documents.flatMap((d) =>
      d.current
        ? [{ id: d.id, title: d.title, category: d.category, description: d.description, version: d.current.label, size: d.current.size, type: d.current.contentType === "application/pdf" ? "PDF" : "Word", href: downloadHref(d.id, d.current.fileName) }]
        : [],
    ),
  };
}

const categoryOptions = [{ value: "", label: "All categories" }, ...LIBRARY_CATEGORIES.map((c) => ({ value: c, label: c }))];

export default function FormsLibraryPage({ loaderData }: Route.ComponentProps) {
  const { search, documents } = loaderData;
  const submit = useSubmit();
  const searched = search.q !== "" || search.category !== undefined;
  return (
    <>
      <PortalHeader email={loaderData.email} title="Forms Library" brand={loaderData.brand} />
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-1">
          <h2 className="text-2xl font-bold text-navy">Forms and documents</h2>
          <p className="text-muted-foreground">Paper forms for practices that fax, guides and our supplier documents. Each downloads as its latest version.</p>
        </div>
        <Form
          method="get"
          role="search"
          aria-label="Search the Forms Library"
          className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
          onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
        >
          <div className="grid gap-2">
            <Label htmlFor="forms-search">Search forms</Label>
            <div className="relative">
              <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id="forms-search" name="q" type="search" className="pl-9" placeholder="Search by title" defaultValue={search.q} maxLength={100} autoComplete="off" />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="forms-category">Category</Label>
            <Select id="forms-category" name="category" options={categoryOptions} defaultValue={search.category ?? ""} />
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden />
            Search
          </Button>
        </Form>
        <p role="status" className="text-sm text-muted-foreground">
          {documents.length === 0 ? "No documents found." : `${documents.length} ${documents.length === 1 ? "document" : "documents"}${searched ? " found" : ""}.`}
          {searched ? (
            <>
              {" "}
              <Link to="/forms-library" className="font-medium text-primary underline underline-offset-4">
                Show all
              </Link>
            </>
          ) : null}
        </p>
        {documents.length === 0 ? (
          <Card>
            <CardContent padding="lg" className="flex flex-col items-center gap-3 text-center">
              <FileText aria-hidden className="size-10 text-primary" />
              <p className="max-w-md text-muted-foreground">Nothing matches this search. Try fewer words, another category, or ask support for the document.</p>
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-3">
            {documents.map((d) => (
              <li key={d.id}>
                <Card>
                  <CardContent padding="all" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="flex min-w-0 gap-3">
                      <FileText aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
                      <div className="flex min-w-0 flex-col gap-1">
                        <h3 className="font-semibold break-words text-navy">{d.title}</h3>
                        {d.description ? <p className="text-sm break-words text-muted-foreground">{d.description}</p> : null}
                        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                          {d.category} · {d.type} · {formatBytes(d.size)} · {d.version === BUILT_IN_VERSION_LABEL ? "Built in" : `Version ${d.version}`}
                        </p>
                      </div>
                    </div>
                    <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
                      <a href={d.href} download aria-label={`Download ${d.title} (${d.type}, ${formatBytes(d.size)})`}>
                        <Download aria-hidden />
                        Download
                      </a>
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
