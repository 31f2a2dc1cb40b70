import { Search, ShieldAlert } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/recalls";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { RecallUnitsTable } from "~/components/console-recalls/units-table";
import { AnswerNotice, Field } from "~/components/forms/field";
import { schemaValidator } from "~/components/forms/use-form-submission";
import { ConfirmStep } from "~/components/record/confirm-step";
import { typedText, useRecordForm, type RecordAnswer } from "~/components/record/record-form";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { DateTime } from "~/components/ui/date-time";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { isRecallBy, RECALL_BY, recallTarget, wouldBeHeld, type RecallBy } from "~/lib/inventory/recalls";
import { privateMeta } from "~/lib/meta";
import { parseWith } from "~/lib/schemas/fields";
import { RECALL_REASON_MAX, recallSearchSchema, recallStartSchema } from "~/lib/schemas/recall";
import { requireRole } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { MAX_TEXT_FORM_BYTES } from "~/.server/http/form-body";
import { findRecallUnits, recallsList, startRecall } from "~/.server/inventory";
import { clientInfo } from "~/.server/request-context";
import { unitView } from "./recalls-view.server";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Recalls | Staff console");

const PAGE = "/admin/recalls";

/**
 * A recall starts as a search (a GET form, so a search can be linked): every
 * unit shipped of a lot, a tissue identifier or a GTIN, wherever it is now.
 * The recalls already started are listed under it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "staff");
  const params = new URL(request.url).searchParams;
  const byParam = params.get("by") ?? "lot";
  const value = (params.get("value") ?? "").trim().slice(0, 200);
  const db = getDb();
  const recent = (await recallsList(db, 50)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  const search = { by: (isRecallBy(byParam) ? byParam : "lot") as RecallBy, value };
  // An empty search is the page as first opened: it says what to enter.
  if (value === "") return { search, errors: null, found: null, recent };
  const parsed = parseWith(recallSearchSchema, { by: byParam, value });
  if (!parsed.success) return { search, errors: parsed.fieldErrors, found: null, recent };
  const units = await findRecallUnits(db, parsed.data);
  return {
    search: parsed.data,
    errors: null,
    found: {
      target: recallTarget(parsed.data.by, parsed.data.value),
      units: units.map((u) => unitView(u)),
      toHold: units.filter((u) => wouldBeHeld({ disposition: u.disposition, heldBy: u.heldBy?.reference ?? null })).length,
      practices: new Set(units.map((u) => u.practiceId)).size,
    },
    recent,
  };
}

/** The confirm step of a plain post: the reason typed goes on to the second step. */
type StartStep = { ok: false; confirm: "start"; by: string; value: string; reason: string };
type RecallAnswer = RecordAnswer<"start", StartStep>;

/**
 * Quarantine and notify: confirmed first (a dialog, or without JavaScript a
 * second step), then the recall is started and its page opened with a flash.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireRole(request, "staff");
  const db = getDb();
  const actor = { email: me.email, ip: clientInfo(context).ip };
  return answerForm(request, {
    read: { maxBytes: MAX_TEXT_FORM_BYTES, multiline: ["reason"] },
    title: "Recall not started",
    intents: {
      start: async ({ parse, values }) => {
        const input = parse(recallStartSchema);
        if (values.confirmed !== "1") return data({ ok: false, confirm: "start", by: input.by, value: input.value, reason: input.reason, intent: "start" } satisfies StartStep & { intent: "start" });
        const started = await startRecall(db, { input, actor });
        const practices = `${started.practices} ${started.practices === 1 ? "practice" : "practices"}`;
        return redirectWithFlash(`${PAGE}/${started.id}`, {
          title: "Recall started",
          description: `${started.reference}: ${started.held} ${started.held === 1 ? "unit" : "units"} held; ${practices} told by mail (${started.mails} ${started.mails === 1 ? "mail" : "mails"}).`,
          variant: "success",
        });
      },
    },
  });
}

const validateStart = schemaValidator(() => import("~/lib/schemas/recall").then((m) => m.recallStartSchema));
const BY_OPTIONS = RECALL_BY.map((b) => ({ value: b.value, label: b.label }));
const linkLook = "text-primary underline-offset-4 hover:underline";

export default function Recalls({ loaderData, actionData }: Route.ComponentProps) {
  const { search, errors, found, recent } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Recalls</h1>
        <p className="text-muted-foreground">Find every unit shipped of a lot, a tissue identifier or a GTIN, hold the unused ones and tell the practices.</p>
      </div>

      {/* Keyed by the search, so a new search shows its own values even after the browser kept the old ones. */}
      <Form
        key={`${search.by}:${search.value}`}
        method="get"
        action={PAGE}
        role="search"
        aria-label="Find units"
        className="flex flex-col gap-4 rounded-lg border border-border bg-muted/50 p-4 sm:flex-row sm:flex-wrap sm:items-start"
      >
        <Field label="Look for" name="by" error={errors?.by} className="sm:w-56">
          {(control) => <Select {...control} options={BY_OPTIONS} defaultValue={search.by} />}
        </Field>
        <Field label="Value" name="value" error={errors?.value} hint="As printed on the label: LT-24-0117, DL-24-0001-A, 00812345678903." className="sm:w-96">
          {(control) => <Input {...control} defaultValue={search.value} autoComplete="off" spellCheck={false} />}
        </Field>
        <Button type="submit" className="sm:mt-6">
          <Search aria-hidden />
          Find units
        </Button>
      </Form>

      {found ? (
        <FoundUnits found={found} search={search} answer={actionData as RecallAnswer | undefined} />
      ) : errors ? null : (
        <p className="rounded-lg border border-dashed border-border bg-background px-4 py-8 text-center text-muted-foreground">
          Enter a lot, a tissue identifier or a GTIN to see every unit shipped of it: its practice and facility, where it stands, and for an applied unit the IVR and the
          day.
        </p>
      )}

      {/* Not a landmark of its own: the table below is the region "Recalls started". */}
      <div className="flex flex-col gap-3">
        <h2 id="recalls-heading" className="text-xl font-semibold text-navy">
          Recalls started
        </h2>
        <DataTable label="Recalls started" stacked>
          <HeadRow columns={["Reference", "Of", "Reason", "Units held", "Still unused", "Started"]} />
          <tbody>
            {recent.length === 0 ? (
              <EmptyRow colSpan={6}>No recall yet.</EmptyRow>
            ) : (
              recent.map((r) => (
                <tr key={r.id}>
                  <Td data-label="Reference" className="font-semibold">
                    <Link to={`${PAGE}/${r.id}`} className={linkLook}>
                      {r.reference}
                    </Link>
                  </Td>
                  <Td data-label="Of">{recallTarget(r.by, r.value)}</Td>
                  <Td data-label="Reason" wrap className="max-w-md">
                    <span className="line-clamp-2">{r.reason}</span>
                  </Td>
                  <Td data-label="Units held" className="tabular-nums">
                    {r.held}
                  </Td>
                  <Td data-label="Still unused" className="tabular-nums">
                    {r.stillHeld}
                  </Td>
                  <Td data-label="Started">
                    <DateTime value={r.createdAt} />
                    {r.createdBy ? <span className="block text-xs text-muted-foreground">{r.createdBy}</span> : null}
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
      </div>
    </div>
  );
}

type Found = NonNullable<Route.ComponentProps["loaderData"]["found"]>;

function FoundUnits({ found, search, answer }: { found: Found; search: { by: RecallBy; value: string }; answer: RecallAnswer | undefined }) {
  const start = useRecordForm(answer, validateStart);
  const confirmed = useRecordForm(answer);
  const step = answer && "confirm" in answer ? answer : null;
  const t = typedText(answer);
  const n = found.units.length;
  const back = `${PAGE}?${new URLSearchParams({ by: search.by, value: search.value })}`;
  return (
    <section aria-labelledby="found-heading" className="flex flex-col gap-3">
      <h2 id="found-heading" className="text-xl font-semibold text-navy">
        {n === 0 ? `No unit of ${found.target} has shipped` : `${n} ${n === 1 ? "unit" : "units"} of ${found.target}`}
      </h2>
      {n > 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          At {found.practices} {found.practices === 1 ? "practice" : "practices"}; {found.toHold} unused {found.toHold === 1 ? "unit" : "units"} not held yet.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Check the value against the label, or look for it another way (a lot instead of a GTIN).</p>
      )}
      {n > 0 ? <RecallUnitsTable label="Units found" units={found.units} empty="" /> : null}

      {n > 0 ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4 sm:p-5">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-navy">
            <ShieldAlert aria-hidden className="size-5 text-destructive" />
            Quarantine and notify
          </h3>
          <p className="text-sm text-muted-foreground">
            Starts a recall of {found.target}:{" "}
            {found.toHold > 0
              ? `the ${found.toHold} unused ${found.toHold === 1 ? "unit" : "units"} not held yet can no longer be applied, and`
              : "no unused unit is left to hold, but"}{" "}
            every member of the {found.practices} {found.practices === 1 ? "practice" : "practices"} gets a mail with the recall&rsquo;s reference and their units (no
            patient data).
          </p>
          <AnswerNotice answer={answer} title="Recall not started" />
          <start.fetcher.Form {...start.formProps} action={back} className="flex flex-col gap-3" hidden={Boolean(step)}>
            <input type="hidden" name="intent" value="start" />
            <input type="hidden" name="by" value={search.by} />
            <input type="hidden" name="value" value={search.value} />
            {start.errors.value || start.errors.by ? (
              <p className="text-sm font-medium text-destructive">{start.errors.value ?? start.errors.by}</p>
            ) : null}
            <Field label="Reason" name="reason" required error={start.errors.reason} hint="The practices read it in their mail and in the portal.">
              {(control) => <Textarea {...control} rows={3} maxLength={RECALL_REASON_MAX} defaultValue={step?.reason ?? t("reason")} />}
            </Field>
            <ConfirmButton
              title={`Recall ${found.target}?`}
              description={`${found.toHold} ${found.toHold === 1 ? "unit is" : "units are"} held and cannot be applied, and ${found.practices} ${found.practices === 1 ? "practice is" : "practices are"} told by mail. This cannot be undone.`}
              confirmLabel="Quarantine and notify"
              pending={start.pending}
              pendingText="Starting the recall..."
              variant="destructive"
              className="w-fit"
            >
              Quarantine and notify
            </ConfirmButton>
          </start.fetcher.Form>
          {step ? (
            <ConfirmStep
              form={confirmed}
              title={`Recall ${found.target}?`}
              description="The unused units are held and cannot be applied, and the practices are told by mail. This cannot be undone."
              confirmLabel="Quarantine and notify"
              pendingText="Starting the recall..."
              fields={{ intent: "start", by: step.by, value: step.value, reason: step.reason }}
              keepTo={back}
              keepLabel="Not now"
            >
              <p className="text-sm whitespace-pre-wrap break-words">Reason: {step.reason}</p>
            </ConfirmStep>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
