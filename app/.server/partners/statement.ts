import { and, asc, between, eq, inArray } from "drizzle-orm";
import type { Db } from "~/.server/db/client";
import { invoicePayments, invoices, partnerPractices, partners, practices } from "~/.server/db/schema";
import type { Document } from "~/.server/orders";
import { pdfCompany } from "~/.server/orders/documents";
import {
  CONTENT_WIDTH,
  continuationHeader,
  drawFirstHeader,
  drawFooters,
  drawRow,
  drawTableHeader,
  filling,
  LEFT,
  MUTED,
  rowHeight,
  rowLines,
  RIGHT,
  CELL_PADDING,
  Sheet,
  startDocument,
  wrap,
  BODY_LEADING,
  BODY_SIZE,
  INK,
} from "~/.server/orders/pdf";
import { csvRows } from "~/.server/submissions/csv";
import { DEFAULT_TIME_ZONE } from "~/content/time-zones";
import { STATEMENT_NOTES } from "~/content/partners";
import { formatCents } from "~/lib/format";
import { formatBps, monthLabel, monthsBetween, type PartnerPlan } from "~/lib/partners";
import { invoiceReference } from "~/lib/orders";
import { planSummary } from "./manage";
import { computeStatement, type PaymentOfPractice, type Statement, type StatementLine } from "./statement-lines";

/**
 * A partner's monthly statement, read from the database and reckoned by
 * `computeStatement`: the partner's plan, and the invoice payments of their
 * practices (and their sub-partners') whose day of payment falls in the
 * month. Payments carry their day (`paid_on`), recorded in the company's
 * zone, so a month is the days from its first to its last. The current plan
 * reckons every month. No patient data: invoice numbers, practice names,
 * days and amounts.
 */

/** Today's month in the company's zone, "2026-11". */
export function companyMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: DEFAULT_TIME_ZONE, year: "numeric", month: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

/** The partner's statement months: from the month they became a partner to this one, newest first. */
export function statementMonths(partnerCreatedAt: Date, now: Date = new Date()): string[] {
  return monthsBetween(companyMonth(partnerCreatedAt), companyMonth(now));
}

function monthBounds(month: string): [string, string] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, "0")}`];
}

/** Payments in the month of the invoices of the practices assigned to these partners, by partner. */
async function paymentsOf(db: Db, partnerIds: string[], month: string): Promise<Map<string, PaymentOfPractice[]>> {
  const byPartner = new Map<string, PaymentOfPractice[]>(partnerIds.map((id) => [id, []]));
  if (partnerIds.length === 0) return byPartner;
  const [from, to] = monthBounds(month);
  const rows = await db
    .select({
      partnerId: partnerPractices.partnerId,
      invoiceNumber: invoices.number,
      practiceName: practices.name,
      paidOn: invoicePayments.paidOn,
      amountCents: invoicePayments.amountCents,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(partnerPractices, eq(partnerPractices.practiceId, invoices.practiceId))
    .innerJoin(practices, eq(practices.id, invoices.practiceId))
    .where(and(inArray(partnerPractices.partnerId, partnerIds), between(invoicePayments.paidOn, from, to)))
    .orderBy(asc(invoicePayments.paidOn), asc(invoices.number));
  for (const { partnerId, ...payment } of rows) byPartner.get(partnerId)?.push(payment);
  return byPartner;
}

export type PartnerStatement = Statement & {
  partner: { id: string; name: string; code: string };
  plan: PartnerPlan;
  planSummary: string;
  /** A sub-partner: the share they keep, and whose sub-partner they are. */
  upline: { name: string; splitBps: number } | null;
};

/** The statement of one month, or null when the partner does not exist or the month is not one of theirs. */
export async function statementOf(db: Db, partnerId: string, month: string, now: Date = new Date()): Promise<PartnerStatement | null> {
  const [p] = await db.select().from(partners).where(eq(partners.id, partnerId));
  if (!p || !statementMonths(p.createdAt, now).includes(month)) return null;
  const [upline] = p.parentId ? await db.select({ name: partners.name }).from(partners).where(eq(partners.id, p.parentId)) : [];
  const subs = await db
    .select({ id: partners.id, name: partners.name, plan: partners.plan, monthlyFeeCents: partners.monthlyFeeCents, percentBps: partners.percentBps, splitBps: partners.splitBps })
    .from(partners)
    .where(eq(partners.parentId, p.id))
    .orderBy(asc(partners.name));
  const payments = await paymentsOf(db, [p.id, ...subs.map((s) => s.id)], month);
  const statement = computeStatement({
    month,
    partner: { plan: p.plan, monthlyFeeCents: p.monthlyFeeCents, percentBps: p.percentBps, splitBps: p.splitBps, hasUpline: Boolean(upline) },
    payments: payments.get(p.id) ?? [],
    subPartners: subs.map((s) => ({ ...s, payments: payments.get(s.id) ?? [] })),
  });
  return {
    ...statement,
    partner: { id: p.id, name: p.name, code: p.code },
    plan: p.plan,
    planSummary: planSummary(p),
    upline: upline ? { name: upline.name, splitBps: p.splitBps ?? 10_000 } : null,
  };
}

// ---------------------------------------------------------------------------
// What a line says, on the page and in the files

export type LineText = { kind: string; reference: string; practice: string; paidOn: string; amount: string; rate: string; earned: string };

export function lineText(line: StatementLine): LineText {
  if (line.kind === "fee") return { kind: "Fee", reference: "", practice: "", paidOn: "", amount: "", rate: "", earned: formatCents(line.commissionCents) };
  const common = { reference: invoiceReference(line.invoiceNumber), practice: line.practiceName, paidOn: line.paidOn, amount: formatCents(line.amountCents), earned: formatCents(line.commissionCents) };
  if (line.kind === "commission") return { kind: "Commission", ...common, rate: formatBps(line.rateBps) };
  return { kind: `Override (${line.subPartner})`, ...common, rate: `${formatBps(line.rateBps)} of ${line.subPartner}'s commission` };
}

export function statementFileName(s: PartnerStatement, ext: "csv" | "pdf"): string {
  return `statement-${s.partner.code}-${s.month}.${ext}`;
}

export const STATEMENT_COLUMNS = ["Line", "Invoice", "Practice", "Paid on", "Payment", "Rate", "Earned"] as const;

/** The statement as CSV: a header, one row per line, then the total. */
export function statementCsv(s: PartnerStatement): string {
  const rows = s.lines.map((line) => {
    const t = lineText(line);
    return [t.kind, t.reference, t.practice, t.paidOn, t.amount, t.rate, t.earned];
  });
  return csvRows([[...STATEMENT_COLUMNS], ...rows, ["Total", "", "", "", "", "", formatCents(s.totalCents)]]);
}

const PDF_COLUMNS = filling([
  { title: "Line", width: 78, align: "left" },
  { title: "Invoice", width: 70, align: "left" },
  { title: "Practice", width: 0, align: "left" },
  { title: "Paid on", width: 64, align: "left" },
  { title: "Payment", width: 66, align: "right" },
  { title: "Rate", width: 50, align: "right" },
  { title: "Earned", width: 62, align: "right" },
]);

/** The statement as a PDF, in the shape of the invoices: header, references, table, total, notes. */
export async function statementPdf(s: PartnerStatement): Promise<Document> {
  const company = pdfCompany();
  const title = `Partner statement ${monthLabel(s.month)}`;
  const { doc, fonts } = await startDocument(title, company);
  const sheet = new Sheet(doc, fonts, continuationHeader(company, title));
  drawFirstHeader(sheet, company, title, [
    ["Partner", s.partner.name],
    ["Referral code", s.partner.code],
    ["Plan", s.planSummary],
    ...(s.upline ? ([["Upline", `${s.upline.name} (you keep ${formatBps(s.upline.splitBps)})`]] as [string, string][]) : []),
  ]);
  drawTableHeader(sheet, PDF_COLUMNS);
  if (s.lines.length === 0) drawRow(sheet, PDF_COLUMNS, rowLines(PDF_COLUMNS, ["", "", "Nothing is owed for this month.", "", "", "", ""], fonts.regular));
  for (const line of s.lines) {
    const t = lineText(line);
    const cells = rowLines(PDF_COLUMNS, [t.kind, t.reference, t.practice, t.paidOn, t.amount, line.kind === "override" ? formatBps(line.rateBps) : t.rate, t.earned], fonts.regular);
    sheet.ensure(rowHeight(cells), () => drawTableHeader(sheet, PDF_COLUMNS));
    drawRow(sheet, PDF_COLUMNS, cells);
  }
  sheet.ensure(60);
  sheet.y -= 20;
  sheet.text("Total", RIGHT - 200 + CELL_PADDING, sheet.y, { font: fonts.bold, size: 11 });
  sheet.text(formatCents(s.totalCents), RIGHT - CELL_PADDING, sheet.y, { font: fonts.bold, size: 12, align: "right", color: INK });
  sheet.y -= 24;
  const notes = [STATEMENT_NOTES[s.plan], ...(s.lines.some((l) => l.kind === "override") ? [STATEMENT_NOTES.override] : []), STATEMENT_NOTES.month];
  for (const line of notes.flatMap((n) => wrap(n, fonts.regular, BODY_SIZE, CONTENT_WIDTH))) {
    sheet.ensure(BODY_LEADING);
    sheet.y -= BODY_LEADING;
    sheet.text(line, LEFT, sheet.y, { color: MUTED });
  }
  drawFooters(sheet, company, title);
  return { fileName: statementFileName(s, "pdf"), bytes: await doc.save() };
}

/** The CSV download's answer. */
export function csvDownload(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** What a statement's page shows (the partner's and the console's): words and amounts, ready to render. */
export function statementView(s: PartnerStatement) {
  return {
    partnerName: s.partner.name,
    code: s.partner.code,
    month: s.month,
    monthLabel: monthLabel(s.month),
    planSummary: s.planSummary,
    upline: s.upline ? `${s.upline.name} (you keep ${formatBps(s.upline.splitBps)} of what your practices earn)` : null,
    lines: s.lines.map(lineText),
    total: formatCents(s.totalCents),
    notes: [STATEMENT_NOTES[s.plan], ...(s.lines.some((l) => l.kind === "override") ? [STATEMENT_NOTES.override] : []), STATEMENT_NOTES.month],
  };
}

export type StatementViewData = ReturnType<typeof statementView>;
