import { ArrowLeft, PackageOpen, Syringe, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/inventory";
import { DataTable, EmptyRow, HeadRow, Td } from "~/components/admin/data-table";
import { AnswerNotice, Field } from "~/components/forms/field";
import { PortalHeader } from "~/components/portal/portal-header";
import { RecallBanner } from "~/components/portal/recall-banner";
import { KeysetPager } from "~/components/ui/keyset-pager";
import { cursorOf, dateKey, uuidKey } from "~/.server/db/keyset";
import { ReorderPanel, type ReorderView } from "~/components/portal/reorder-panel";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { FormAnswer } from "~/lib/form-result";
import { EXPIRING_SOON_DAYS, UNIT_DISPOSITIONS } from "~/lib/inventory/units";
import { privateMeta } from "~/lib/meta";
import { and, asc, desc, eq } from "drizzle-orm";
import { products } from "~/content/products";
import { parseSizeKey, sizeKey, sizeLabel } from "~/lib/clinical/graft-sizes";
import { orderReference } from "~/lib/orders";
import { getDb, type Db } from "~/.server/db/client";
import { facilities, orders } from "~/.server/db/schema";
import { redirectWithFlash } from "~/.server/http/flash";
import { answerForm } from "~/.server/http/form-action";
import { practiceRecallBanner } from "~/.server/inventory";
import { reorderAfterStockChange } from "~/.server/inventory/jobs";
import { parLevelsOf, setParLevel, setReorderSettings, stockOnOrder } from "~/.server/inventory/reorder";
import { practiceStock, recordDisposition, StockRefused } from "~/.server/inventory/stock";
import { ordersToday } from "~/.server/orders";
import { NoPractice } from "./practice";
import { permissionsOf } from "~/lib/practice-roles";
import { actorOf, memberOf, need, notFound, requirePractice } from "./member.server";
import { portalBrand } from "~/.server/branding";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your stock | Clinical Portal");

const PAGE = "/members/inventory";

/** The dispositions a member records here; "applied" is recorded with the application. */
const OTHER_DISPOSITIONS = UNIT_DISPOSITIONS.filter((d) => d.value !== "applied").map((d) => ({ value: d.value, label: d.label }));

const parSchema = z.object({
  facilityId: z.string({ error: "Choose one of your facilities" }).uuid("Choose one of your facilities"),
  item: z
    .string({ error: "Choose the product and size" })
    .regex(/^[a-z0-9-]{1,60}:\d{1,3}(\.\d{1,2})?x\d{1,3}(\.\d{1,2})?$/, "Choose the product and size"),
  par: z
    .string({ error: "Enter the par level" })
    .trim()
    .regex(/^\d{1,3}$/, "Enter a whole number of units, 0 to 999")
    .transform(Number),
});

const settingsSchema = z
  .object({
    autoReorder: z.literal("1").optional(),
    monthlyAmount: z
      .string()
      .trim()
      .regex(/^(\d{1,6}(\.\d{1,2})?)?$/, "Enter an amount in dollars, like 5000")
      .default(""),
  })
  .transform((v) => ({ autoReorder: v.autoReorder === "1", monthlyCents: v.monthlyAmount === "" ? null : Math.round(Number(v.monthlyAmount) * 100) }));

const dispositionSchema = z.object({
  unitId: z.string().uuid("Choose a unit"),
  disposition: z.enum(["returned", "damaged", "expired"], { error: "Choose what happened to the unit" }),
  note: z.string().trim().max(500, "A note is at most 500 characters").default(""),
});

/**
 * The practice's shelf: what is on hand by facility, product and size, and
 * each unit with its lot and expiry (those expiring within 30 days marked,
 * expired ones said so: they cannot be applied). A unit leaves the shelf by an
 * application or by being recorded here as returned, damaged or expired.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, practice, role } = await memberOf(request, "stock");
  // The practice's branding over the header (app/.server/branding).
  const brand = practice ? await portalBrand(getDb(), practice.id) : null;
  if (!practice) return { may: [], email: user.email, brand, practice: null, stock: null, reorder: null, recalls: [] };
  const db = getDb();
  const today = ordersToday();
  const at = cursorOf(new URL(request.url).searchParams, dateKey, uuidKey);
  const [stock, recalls] = await Promise.all([practiceStock(db, { practiceId: practice.id, today, at }), practiceRecallBanner(db, practice.id)]);
  const reorder = practice.holdsStock ? await reorderView(db, practice, stock.groups) : null;
  return { may: permissionsOf(role), email: user.email, brand, practice: { name: practice.name }, stock, reorder, recalls };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, practice, role } = await requirePractice(request, "stock");
  return answerForm(request, {
    title: "Not recorded",
    intents: {
      par: async ({ parse }) => {
        need(role, "practice.manage");
        const input = parse(parSchema);
        const [productSlug, key] = input.item.split(":") as [string, string];
        const size = parseSizeKey(key);
        if (!size) throw new StockRefused("Choose the product and size", "item");
        await setParLevel(getDb(), { practiceId: practice.id, actor: actorOf(user, context), facilityId: input.facilityId, productSlug, size, par: input.par });
        await reorderAfterStockChange(getDb(), practice.id, ordersToday());
        return redirectWithFlash(PAGE, { title: input.par === 0 ? "Par level removed" : "Par level set", description: "A reorder is drafted when usable units fall below it." });
      },
      settings: async ({ parse }) => {
        need(role, "practice.manage");
        const input = parse(settingsSchema);
        await setReorderSettings(getDb(), { practiceId: practice.id, actor: actorOf(user, context), ...input });
        return redirectWithFlash(PAGE, {
          title: "Reorder settings saved",
          description: input.autoReorder ? "Reorders are placed automatically within your monthly amount." : "Each reorder waits for one of you to place it.",
        });
      },
      dispose: async ({ parse }) => {
        const input = parse(dispositionSchema);
        const done = await recordDisposition(getDb(), { ...input, practiceId: practice.id, actor: actorOf(user, context), today: ordersToday() });
        if (!done) throw notFound();
        await reorderAfterStockChange(getDb(), practice.id, ordersToday());
        const label = OTHER_DISPOSITIONS.find((d) => d.value === input.disposition)!.label.toLowerCase();
        return redirectWithFlash(PAGE, { title: `Unit ${done.tissueId} recorded as ${label}`, description: "It is no longer counted in your stock." });
      },
    },
  });
}

export default function InventoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { may, email, practice, stock, reorder, recalls } = loaderData;
  const answer = actionData as FormAnswer | undefined;
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const soon = stock?.groups.reduce((n, g) => n + g.expiringSoon, 0) ?? 0;
  return (
    <>
      <PortalHeader email={email} title="Your stock" brand={loaderData.brand} />
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/members" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
            <ArrowLeft aria-hidden className="size-4" />
            Back to the Clinical Portal
          </Link>
          {practice ? (
            <Button asChild>
              <Link to={`${PAGE}/apply`}>
                <Syringe aria-hidden />
                Record an application
              </Link>
            </Button>
          ) : null}
        </div>
        {!practice || !stock ? (
          <NoPractice />
        ) : (
          <>
            <RecallBanner recalls={recalls} />
            <AnswerNotice answer={answer} title="Not recorded" />
            <section aria-labelledby="on-hand" className="flex flex-col gap-3">
              <h2 id="on-hand" className="text-xl font-bold text-navy">
                On hand
              </h2>
              {soon > 0 ? (
                <p className="flex items-center gap-2 text-sm font-medium text-warning">
                  <TriangleAlert aria-hidden className="size-4 shrink-0" />
                  {soon} {soon === 1 ? "unit expires" : "units expire"} within {EXPIRING_SOON_DAYS} days: use {soon === 1 ? "it" : "them"} first.
                </p>
              ) : null}
              <DataTable label="Units on hand by facility, product and size">
                <HeadRow columns={["Facility", "Product", "Size", "On hand", "Usable", `Expiring within ${EXPIRING_SOON_DAYS} days`, "Next expiry"]} />
                <tbody>
                  {stock.groups.length === 0 ? (
                    <EmptyRow colSpan={7}>
                      <span className="inline-flex items-center gap-2">
                        <PackageOpen aria-hidden className="size-5" />
                        Nothing on your shelf. Units join your stock when an order is delivered or you confirm its receipt on the order&apos;s page.
                      </span>
                    </EmptyRow>
                  ) : (
                    stock.groups.map((g) => (
                      <tr key={`${g.facility}-${g.product}-${g.size}`}>
                        <Td>{g.facility}</Td>
                        <Td>{g.product}</Td>
                        <Td className="whitespace-nowrap">{g.size}</Td>
                        <Td className="tabular-nums">{g.onHand}</Td>
                        <Td className="tabular-nums">{g.usable}</Td>
                        <Td className={g.expiringSoon > 0 ? "font-semibold text-warning tabular-nums" : "tabular-nums"}>{g.expiringSoon}</Td>
                        <Td className="tabular-nums whitespace-nowrap">{g.nextExpiry ?? "—"}</Td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
            </section>

            {reorder ? <ReorderPanel view={reorder} errors={errors} manage={may.includes("practice.manage")} /> : null}

            {stock.units.length > 0 ? (
              <section aria-labelledby="units" className="flex flex-col gap-3">
                <h2 id="units" className="text-xl font-bold text-navy">
                  Units
                </h2>
                <p className="text-sm text-muted-foreground">Soonest to expire first. Record a unit returned to us, damaged or expired so your stock stays true.</p>
                <DataTable label="Units on hand">
                  <HeadRow columns={["Tissue identifier", "Product and size", "Lot", "Expires", "Facility", "Order", "State", { srOnly: "Actions" }]} />
                  <tbody>
                    {stock.units.map((u) => (
                      <tr key={u.id}>
                        <Td className="font-mono break-all">{u.tissueId}</Td>
                        <Td>
                          {u.product}, {u.size}
                        </Td>
                        <Td className="font-mono">{u.lot ?? "—"}</Td>
                        <Td className="tabular-nums whitespace-nowrap">{u.expiresOn ?? "Not recorded"}</Td>
                        <Td>{u.facility}</Td>
                        <Td>
                          <Link to={`/members/orders/${u.orderId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                            {u.order}
                          </Link>
                        </Td>
                        <Td>
                          {u.recall ? (
                            <span className="font-semibold text-destructive">Held by recall {u.recall}</span>
                          ) : u.expired ? (
                            <span className="font-semibold text-destructive">Expired: cannot be applied</span>
                          ) : u.expiresSoon ? (
                            <span className="font-semibold text-warning">Expires within {EXPIRING_SOON_DAYS} days</span>
                          ) : (
                            "Usable"
                          )}
                        </Td>
                        <Td className="whitespace-nowrap">
                          {u.usable && may.includes("applications.write") ? (
                            <Link to={`${PAGE}/apply?unit=${encodeURIComponent(u.tissueId)}`} className="mr-3 text-sm font-medium text-primary underline-offset-4 hover:underline">
                              Apply<span className="sr-only"> {u.tissueId}</span>
                            </Link>
                          ) : null}
                          <details className="group inline-block align-top">
                            <summary className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
                              Record…<span className="sr-only"> what happened to {u.tissueId}</span>
                            </summary>
                            <Form method="post" className="mt-2 flex w-64 flex-col gap-2">
                              <input type="hidden" name="intent" value="dispose" />
                              <input type="hidden" name="unitId" value={u.id} />
                              <Field label={`What happened to ${u.tissueId}`} name="disposition" required>
                                {(control) => <Select {...control} options={OTHER_DISPOSITIONS} placeholder="Choose" defaultValue={u.expired ? "expired" : ""} />}
                              </Field>
                              <Field label="Note (optional)" name="note">
                                {(control) => <Input {...control} maxLength={500} />}
                              </Field>
                              <Button type="submit" className="w-fit" size="sm">
                                Record
                              </Button>
                            </Form>
                          </details>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
                <KeysetPager label="More units" before={stock.before} after={stock.after} newer="Sooner" older="Later" summary="Soonest to expire first." hash="units" />
              </section>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

/** The par levels with what is usable and on order, the practice's facilities and products for a new level, its settings and waiting reorders. */
async function reorderView(
  db: Db,
  practice: { id: string; autoReorder: boolean; reorderMonthlyCents: number | null },
  groups: readonly { facilityId: string; productSlug: string; size: string; usable: number }[],
): Promise<ReorderView> {
  const [levels, onOrder, facilityRows, suggested] = await Promise.all([
    parLevelsOf(db, practice.id),
    stockOnOrder(db, practice.id),
    db.select({ id: facilities.id, name: facilities.name }).from(facilities).where(eq(facilities.practiceId, practice.id)).orderBy(asc(facilities.name)),
    db
      .select({ id: orders.id, number: orders.number, product: orders.productName, facility: orders.facilityName })
      .from(orders)
      .where(and(eq(orders.practiceId, practice.id), eq(orders.status, "suggested")))
      .orderBy(desc(orders.createdAt)),
  ]);
  return {
    levels: levels.map(({ size, ...l }) => ({
      ...l,
      sizeKey: sizeKey(size),
      usable: groups.find((g) => g.facilityId === l.facilityId && g.productSlug === l.productSlug && g.size === l.sizeLabel)?.usable ?? 0,
      onOrder: onOrder.filter((o) => o.facilityId === l.facilityId && o.productSlug === l.productSlug && sizeKey(o.size) === sizeKey(size)).reduce((n, o) => n + o.quantity, 0),
    })),
    facilities: facilityRows.map((f) => ({ value: f.id, label: f.name })),
    products: products
      .filter((p) => p.sizes.length > 0)
      .map((p) => ({ value: p.slug, label: p.name, sizes: p.sizes.map((s) => ({ value: sizeKey(s), label: sizeLabel(s) })) })),
    autoReorder: practice.autoReorder,
    monthlyAmount: practice.reorderMonthlyCents === null ? "" : (practice.reorderMonthlyCents / 100).toFixed(0),
    suggested: suggested.map((s) => ({ id: s.id, reference: orderReference(s.number), product: s.product, facility: s.facility })),
  };
}
