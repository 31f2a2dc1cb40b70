import { Archive, ArchiveRestore, Download, FilePlus2, Link2, Upload } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/library";
import { AnswerNotice, Field } from "~/components/forms/field";
import { FileField } from "~/components/forms/file-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BUILT_IN_VERSION_LABEL, EDUCATION_CATEGORIES, LIBRARY_CATEGORIES } from "~/content/library";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { formatBytes } from "~/lib/format";
import { privateMeta } from "~/lib/meta";
import { LIBRARY_FILE } from "~/lib/uploads";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { answerForm } from "~/.server/http/form-action";
import { libraryIntents, LIBRARY_FORM_READ, listDocuments, listEducation, listVersions } from "~/.server/library";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Forms Library | Staff console");

const PAGE = "/admin/library";

/**
 * The Forms Library's documents and the Education page's resources, as staff
 * keep them: upload a document, a new version of one (the old kept and
 * downloadable here), retire and restore; add, retire and restore a resource.
 * Plain multipart forms: they work without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const db = getDb();
  const documents = await listDocuments(db, { withRetired: true });
  const [versions, resources] = await Promise.all([listVersions(db, documents.map((d) => d.id)), listEducation(db, { withRetired: true })]);
  return {
    documents: documents.map((d) => ({ ...d, older: versions.filter((v) => v.documentId === d.id && v.id !== d.current?.id) })),
    resources,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  return answerForm(request, { title: "Not saved", read: LIBRARY_FORM_READ, intents: libraryIntents({ actor: { email: me.email, ip: clientInfo(context).ip }, page: PAGE }) });
}

const categoryOptions = LIBRARY_CATEGORIES.map((c) => ({ value: c, label: c }));
const educationOptions = EDUCATION_CATEGORIES.map((c) => ({ value: c.name, label: c.name }));
const FILE_HINT = `A PDF or a Word (.docx) file, at most ${LIBRARY_FILE.maxBytes / (1024 * 1024)} MB.`;

type Answer = FormAnswer & { intent?: string; fieldErrors?: Record<string, string> };

export default function AdminLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, resources } = loaderData;
  const answer = actionData as Answer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sending = (intent: string) => busy && navigation.formData?.get("intent") === intent;
  const answerFor = (intent: string, id?: string) => {
    if (answer?.intent !== intent) return undefined;
    if (id !== undefined && submittedText(submittedValues(answer), intent.startsWith("education") ? "resourceId" : "documentId") !== id) return undefined;
    return answer;
  };
  const errorsOf = (a: Answer | undefined) => (a && "fieldErrors" in a && a.fieldErrors ? a.fieldErrors : {});
  const upload = answerFor("upload");
  const uploadErrors = errorsOf(upload);
  const uploadTyped = submittedValues(upload);
  const addResource = answerFor("education-add");
  const resourceErrors = errorsOf(addResource);
  const resourceTyped = submittedValues(addResource);
  const wholePageAnswer = answer && !["upload", "replace", "education-add"].includes(answer.intent ?? "") ? answer : undefined;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Forms Library</h1>
        <p className="text-muted-foreground">
          The documents members find in the Forms Library, and the training resources of their Education page. Built-in documents are made by the portal; upload a
          new version to replace one.
        </p>
      </div>
      <AnswerNotice answer={wholePageAnswer} title="Not saved" />

      <section aria-labelledby="upload-heading" className="flex flex-col gap-3">
        <h2 id="upload-heading" className="text-xl font-semibold text-navy">
          Upload a document
        </h2>
        <Card>
          <CardContent padding="all">
            <AnswerNotice answer={upload} title="Not uploaded" className="mb-4" />
            <Form method="post" encType="multipart/form-data" className="grid gap-4 md:grid-cols-2" key={upload ? "typed" : `fresh-${documents.length}`}>
              <input type="hidden" name="intent" value="upload" />
              <Field label="Title" name="title" required error={uploadErrors.title} className="md:col-span-2">
                {(control) => <Input {...control} defaultValue={submittedText(uploadTyped, "title")} maxLength={200} autoComplete="off" />}
              </Field>
              <Field label="Category" name="category" required error={uploadErrors.category}>
                {(control) => <Select {...control} options={categoryOptions} defaultValue={submittedText(uploadTyped, "category") ?? ""} placeholder="Choose..." />}
              </Field>
              <Field label="Version" name="label" required error={uploadErrors.label} hint="As the document names it: 2026-11, v2.">
                {(control) => <Input {...control} defaultValue={submittedText(uploadTyped, "label")} maxLength={40} autoComplete="off" />}
              </Field>
              <Field label="Description" name="description" error={uploadErrors.description} hint="Optional: one line members see under the title." className="md:col-span-2">
                {(control) => <Input {...control} defaultValue={submittedText(uploadTyped, "description")} maxLength={500} autoComplete="off" />}
              </Field>
              <FileField label="File" name="file" rule={LIBRARY_FILE} required error={uploadErrors.file} hint={FILE_HINT} className="md:col-span-2" />
              <SubmitButton pending={sending("upload")} pendingText="Uploading..." disabled={busy} className="justify-self-start">
                <Upload aria-hidden />
                Upload document
              </SubmitButton>
            </Form>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
        <h2 id="documents-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          Documents ({documents.length})
        </h2>
        <ul className="flex flex-col gap-3">
          {documents.map((d) => {
            const replace = answerFor("replace", d.id);
            const replaceErrors = errorsOf(replace);
            return (
              <li key={d.id}>
                <Card className={d.retiredAt ? "bg-muted/60" : undefined}>
                  <CardContent padding="all" className="flex flex-col gap-3">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="flex min-w-0 flex-col gap-1">
                        <h3 className="font-semibold break-words text-navy">{d.title}</h3>
                        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                          <span>{d.category}</span>
                          {d.builtIn ? <Badge variant="outline">Built in</Badge> : null}
                          {d.public ? <Badge variant="outline">Public (support page)</Badge> : null}
                          {d.retiredAt ? <Badge variant="destructive">Retired</Badge> : null}
                        </p>
                        {d.current ? (
                          <p className="text-sm">
                            {d.current.label === BUILT_IN_VERSION_LABEL ? "The portal's own version" : <>Version <strong>{d.current.label}</strong></>}, {d.current.fileName}, {formatBytes(d.current.size)}, by {d.current.uploadedBy} <DateTime value={d.current.uploadedAt} />
                          </p>
                        ) : null}
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {d.current ? (
                          <Button asChild variant="outline" size="sm">
                            <a href={`/admin/library/files/${d.current.id}`} aria-label={`Download ${d.title}, version ${d.current.label}`}>
                              <Download aria-hidden />
                              Download
                            </a>
                          </Button>
                        ) : null}
                        <Form method="post">
                          <input type="hidden" name="intent" value={d.retiredAt ? "restore" : "retire"} />
                          <input type="hidden" name="documentId" value={d.id} />
                          <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`${d.retiredAt ? "Restore" : "Retire"} ${d.title}`}>
                            {d.retiredAt ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                            {d.retiredAt ? "Restore" : "Retire"}
                          </Button>
                        </Form>
                      </div>
                    </div>
                    {d.older.length > 0 ? (
                      <details className="text-sm">
                        <summary className="cursor-pointer font-medium text-primary">Earlier versions ({d.older.length})</summary>
                        <ul className="mt-2 flex flex-col gap-1">
                          {d.older.map((v) => (
                            <li key={v.id} className="flex flex-wrap items-center gap-x-2">
                              <a href={`/admin/library/files/${v.id}`} className="font-medium text-primary underline underline-offset-4">
                                Version {v.label}
                              </a>
                              <span className="text-muted-foreground">
                                {v.fileName}, {formatBytes(v.size)}, by {v.uploadedBy} <DateTime value={v.uploadedAt} />
                              </span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                    <details className="text-sm" open={replace !== undefined}>
                      <summary className="cursor-pointer font-medium text-primary">Upload a new version</summary>
                      <AnswerNotice answer={replace} title="Not uploaded" className="mt-3" />
                      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-4 md:grid-cols-2">
                        <input type="hidden" name="intent" value="replace" />
                        <input type="hidden" name="documentId" value={d.id} />
                        <Field label="New version" name="label" required error={replaceErrors.label}>
                          {(control) => <Input {...control} defaultValue={submittedText(submittedValues(replace), "label")} maxLength={40} autoComplete="off" />}
                        </Field>
                        <FileField label="File" name="file" rule={LIBRARY_FILE} required error={replaceErrors.file} hint={FILE_HINT} />
                        <SubmitButton pending={sending("replace")} pendingText="Uploading..." disabled={busy} variant="secondary" className="justify-self-start">
                          <FilePlus2 aria-hidden />
                          Upload new version
                        </SubmitButton>
                      </Form>
                    </details>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="education-heading" className="flex flex-col gap-3">
        <h2 id="education-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          Education resources ({resources.length})
        </h2>
        <Card>
          <CardContent padding="all">
            <h3 className="mb-3 font-semibold text-navy">Add a resource</h3>
            <AnswerNotice answer={addResource} title="Not added" className="mb-4" />
            <Form method="post" encType="multipart/form-data" className="grid gap-4 md:grid-cols-2" key={addResource ? "typed" : `fresh-${resources.length}`}>
              <input type="hidden" name="intent" value="education-add" />
              <Field label="Category" name="category" required error={resourceErrors.category}>
                {(control) => <Select {...control} options={educationOptions} defaultValue={submittedText(resourceTyped, "category") ?? ""} placeholder="Choose..." />}
              </Field>
              <Field label="Title" name="title" required error={resourceErrors.title}>
                {(control) => <Input {...control} defaultValue={submittedText(resourceTyped, "title")} maxLength={200} autoComplete="off" />}
              </Field>
              <Field label="Description" name="description" required error={resourceErrors.description} className="md:col-span-2">
                {(control) => <Textarea {...control} rows={2} defaultValue={submittedText(resourceTyped, "description")} maxLength={1000} />}
              </Field>
              <Field label="Link" name="url" error={resourceErrors.url} hint="A video or a page, starting with https://. Or attach a file instead.">
                {(control) => <Input {...control} type="url" defaultValue={submittedText(resourceTyped, "url")} maxLength={2000} autoComplete="off" />}
              </Field>
              <FileField label="Or a file" name="file" rule={LIBRARY_FILE} error={resourceErrors.file} hint={FILE_HINT} />
              <SubmitButton pending={sending("education-add")} pendingText="Adding..." disabled={busy} className="justify-self-start">
                <Link2 aria-hidden />
                Add resource
              </SubmitButton>
            </Form>
          </CardContent>
        </Card>
        {resources.length === 0 ? <p className="text-sm text-muted-foreground">No resources yet: members see that each category is empty.</p> : null}
        <ul className="flex flex-col gap-2">
          {resources.map((r) => (
            <li key={r.id}>
              <Card className={r.retiredAt ? "bg-muted/60" : undefined}>
                <CardContent padding="all" className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <h3 className="font-semibold break-words text-navy">{r.title}</h3>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <span>{r.category}</span>
                      <span>{r.url ? "Link" : r.fileName ? `${r.fileName}, ${formatBytes(r.size ?? 0)}` : null}</span>
                      {r.retiredAt ? <Badge variant="destructive">Retired</Badge> : null}
                    </p>
                    <p className="text-sm break-words">{r.description}</p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value={r.retiredAt ? "education-restore" : "education-retire"} />
                    <input type="hidden" name="resourceId" value={r.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`${r.retiredAt ? "Restore" : "Retire"} ${r.title}`}>
                      {r.retiredAt ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                      {r.retiredAt ? "Restore" : "Retire"}
                    </Button>
                  </Form>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
