import type { SiteConfig } from "~/config/site";

/**
 * How a practice pays an invoice. With PORTAL_INVOICE_URL (the payment
 * processor) set, "Pay online" opens it with the invoice number; without it,
 * these lines say how to pay instead. The invoice's PDF prints the same lines.
 */

/** The processor's page for this invoice: its URL with `invoice=INV-000123` added. */
export function payOnlineUrl(processorUrl: string | null, invoiceNumber: string): string | null {
  if (!processorUrl) return null;
  const url = new URL(processorUrl);
  url.searchParams.set("invoice", invoiceNumber);
  return url.toString();
}

export function howToPay(site: Pick<SiteConfig, "companyName" | "phone" | "email" | "address" | "portalFrames">, invoiceNumber: string): string[] {
  const online = payOnlineUrl(site.portalFrames.invoice, invoiceNumber);
  const { street, city, region, postalCode } = site.address;
  return [
    ...(online ? [`Pay online: ${online}`] : []),
    `By check: payable to ${site.companyName}, mailed to ${street}, ${city}, ${region} ${postalCode}, with ${invoiceNumber} on it.`,
    `By bank transfer or card: call ${site.phone} or mail ${site.email} with ${invoiceNumber}.`,
  ];
}
