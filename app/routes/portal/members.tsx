import { Headphones, Mail, Phone } from "lucide-react";
import type { Route } from "./+types/members";
import { privateMeta } from "~/lib/meta";
import { PortalHeader } from "~/components/portal/portal-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmbedFrame } from "~/components/ui/embed-frame";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { telHref, type PortalFrameKey } from "~/config/site";
import { useSite } from "~/lib/use-site";
import { requireUser } from "~/.server/accounts";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Clinical Portal");

// Signed-in only: no session redirects to /auth before anything is rendered.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email };
}

const tabs: { key: PortalFrameKey; label: string; title: string; description: string }[] = [
  { key: "status", label: "STATUS", title: "Order status board", description: "Track your orders and their status." },
  { key: "ivr", label: "IVR FORM", title: "IVR form", description: "Submit insurance verification requests." },
  { key: "order", label: "ORDER FORM", title: "Order form", description: "Place orders for your patients." },
  { key: "invoice", label: "PAY INVOICE", title: "Invoice payment", description: "Pay invoices securely." },
];

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PortalHeader email={loaderData.email} title="Clinical Portal" />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6">
        <Tabs defaultValue="status">
          <TabsList aria-label="Portal views">
            {tabs.map((t) => (
              <TabsTrigger key={t.key} value={t.key}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((t) => (
            <TabsContent key={t.key} value={t.key}>
              <h2 className="text-xl font-semibold text-navy">{t.title}</h2>
              <p className="mb-4 text-sm text-muted-foreground">{t.description}</p>
              <EmbedFrame src={site.portalFrames[t.key]} title={t.title} height={800} />
            </TabsContent>
          ))}
        </Tabs>
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2">
              <Headphones aria-hidden className="size-5 text-primary" />
              Need Assistance?
            </CardTitle>
            <CardDescription>
              Our support team answers by email around the clock and by phone Mon-Fri 8AM-6PM EST.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <Button asChild>
              <a href={`mailto:${site.supportEmail}?subject=${encodeURIComponent("Clinical Portal support")}`}>
                <Mail aria-hidden />
                Contact Support
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={telHref(site.phone)}>
                <Phone aria-hidden />
                Call {site.phone}
              </a>
            </Button>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
