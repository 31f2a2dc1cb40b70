import type { Route } from "./+types/invoices";
import { FrameView } from "~/components/portal/frame-view";
import { privateMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Invoice payment | Clinical Portal");

export default function PortalInvoices() {
  const site = useSite();
  return <FrameView title="Invoice payment" description="Pay invoices securely." src={site.portalFrames.invoice} />;
}
