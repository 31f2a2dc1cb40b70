import { howToPay } from "~/content/payment";
import { carrierLabel, shippingSpeedLabel } from "~/lib/orders";
import type { Db } from "~/.server/db/client";
import { siteConfig } from "~/.server/env";
import { getOrderDetail, shipToLines, STOCK_ORDER_LABEL, type OrderDetail } from "./orders";
import { invoicePdf, packingListPdf, type PdfAddress, type PdfCompany } from "./pdf";

/**
 * The order's documents, made on the server from the stored rows each time
 * they are asked for: the packing list (every unit's tissue identifier) and
 * the invoice. Neither carries patient data (so a download is not a read to
 * audit). A practice gets only its own: null otherwise, and the route answers 404.
 */

export type Document = { fileName: string; bytes: Uint8Array };

/** The company as every PDF names it in its header and footers, from the site settings. */
export function pdfCompany(): PdfCompany {
  const site = siteConfig();
  const { street, city, region, postalCode, country } = site.address;
  return { name: site.companyName, addressLines: [street, `${city}, ${region} ${postalCode}`, country], phone: site.phone, email: site.email };
}

/** Where the order goes, as it was placed: the practice and facility by name, the address and its phone. */
function shipTo(detail: OrderDetail): PdfAddress {
  return { name: `${detail.practice.name}, ${detail.shipTo.facilityName}`, lines: [...shipToLines(detail.shipTo), detail.shipTo.phone] };
}

async function readFor(db: Db, { orderId, practiceId, today }: { orderId: string; practiceId: string | null; today: string }) {
  return getOrderDetail(db, { id: orderId, practiceId, today, withPatient: false });
}

/** The order's packing list with every unit's tissue identifier; null when not found (or not the practice's). */
export async function packingListDocument(
  db: Db,
  { orderId, practiceId, today }: { orderId: string; practiceId: string | null; today: string },
): Promise<Document | null> {
  const detail = await readFor(db, { orderId, practiceId, today });
  if (!detail) return null;
  const bytes = await packingListPdf({
    company: pdfCompany(),
    orderReference: detail.reference,
    ivrReference: detail.ivr?.reference ?? STOCK_ORDER_LABEL,
    poNumber: detail.row.poNumber,
    dateOfService: detail.row.dateOfService,
    shippingSpeed: shippingSpeedLabel(detail.row.shippingSpeed),
    shipTo: shipTo(detail),
    carrier: carrierLabel(detail.row.carrier),
    trackingNumber: detail.row.trackingNumber,
    shippedOn: detail.row.shippedAt ? detail.row.shippedAt.toISOString().slice(0, 10) : null,
    lines: detail.lines.map((l) => ({ hcpcs: l.hcpcs, product: detail.product.name, size: l.size, quantity: l.quantity, units: l.units.map((u) => ({ tissueId: u.tissueId, lot: u.lot, expiresOn: u.expiresOn })) })),
  });
  return { fileName: `${detail.reference}-packing-list.pdf`, bytes };
}

/** The order's invoice; null when the order has none (or is not the practice's). */
export async function invoiceDocument(
  db: Db,
  { orderId, practiceId, today }: { orderId: string; practiceId: string | null; today: string },
): Promise<Document | null> {
  const detail = await readFor(db, { orderId, practiceId, today });
  const invoice = detail?.invoice;
  if (!detail || !invoice) return null;
  const bytes = await invoicePdf({
    company: pdfCompany(),
    invoiceNumber: invoice.number,
    issuedOn: invoice.issuedOn,
    dueOn: invoice.dueOn,
    orderReference: detail.reference,
    ivrReference: detail.ivr?.reference ?? STOCK_ORDER_LABEL,
    poNumber: detail.row.poNumber,
    dateOfService: detail.row.dateOfService,
    billTo: detail.practice.name,
    // The practice is named once, as the one billed: the ship-to is its facility.
    shipTo: { ...shipTo(detail), name: detail.shipTo.facilityName },
    lines: invoice.lines.map((l) => ({ hcpcs: l.hcpcs, product: l.product, size: l.size, units: l.units, unitPriceCents: l.unitPriceCents, totalCents: l.totalCents })),
    totalCents: invoice.totalCents,
    payments: invoice.payments.map((p) => ({ paidOn: p.paidOn, amountCents: p.amountCents, reference: p.reference })),
    balanceCents: invoice.balanceCents,
    howToPay: invoice.paidOn ? [] : howToPay(siteConfig(), invoice.number),
  });
  return { fileName: `${invoice.number}.pdf`, bytes };
}
