import type { Route } from "./+types/orders";
import { FrameView } from "~/components/portal/frame-view";
import { privateMeta } from "~/lib/meta";
import { useSite } from "~/lib/use-site";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Order form | Clinical Portal");

export default function PortalOrders() {
  const site = useSite();
  return <FrameView title="Order form" description="Place orders for your patients." src={site.portalFrames.order} />;
}
