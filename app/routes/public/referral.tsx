import { CalendarCheck, KeyRound } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/referral";
import { LogoTile, accentStyle } from "~/components/branding/brand-mark";
import { ButtonLink } from "~/components/marketing/button-link";
import { Section } from "~/components/layout/section";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { IconTile } from "~/components/ui/icon-tile";
import { referralPitch } from "~/content/referral";
import { privateMeta } from "~/lib/meta";
import type { PageHandle } from "~/lib/page-scripts";
import { useSite } from "~/lib/use-site";
import { cn } from "~/lib/utils";
import { getBrand } from "~/.server/branding";
import { getDb } from "~/.server/db/client";
import { notFound } from "~/.server/http/not-found";
import { partnerOfCode, rememberReferral } from "~/.server/partners/referral";

/** Plain HTML: the page is sent without JavaScript. */
export const handle: PageHandle = { hydrate: false };

// Not a page for search engines (one per partner, the same words), and named after the partner.
export const meta: Route.MetaFunction = ({ data: page, matches }) => privateMeta(matches, page ? `${page.partner.name} invites you` : "Page not found");

/**
 * A sales partner's referral link. A known code remembers itself in a
 * first-party cookie for 90 days (app/.server/partners/referral.ts), so a
 * portal access request or a consultation request sent later is attributed
 * to the partner; an unknown code is the site's 404 and sets nothing. The
 * answer differs by its cookie, so it is never kept by a browser or a proxy.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const partner = await partnerOfCode(db, params.code);
  if (!partner) notFound();
  const brand = await getBrand(db, { partnerId: partner.id });
  return data({ partner: { name: partner.name }, brand }, { headers: { "Set-Cookie": await rememberReferral(partner.code) } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const answer = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of loaderHeaders.getSetCookie()) answer.append("Set-Cookie", cookie);
  return answer;
}

export default function ReferralPage({ loaderData }: Route.ComponentProps) {
  const { partner, brand } = loaderData;
  const site = useSite();
  const accent = Boolean(brand?.accentColor);
  // On the partner's accent, text in the colour that reaches AA on it; without one, the site's hero.
  const onAccent = brand?.accentText === "dark" ? "text-foreground" : "text-background";
  return (
    <>
      <section
        className={cn(accent ? onAccent : "bg-gradient-to-br from-navy via-navy-blue to-primary text-white")}
        style={accentStyle(brand)}
        data-testid="referral-hero"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-14 sm:px-6 md:py-20">
          {brand?.logo ? <LogoTile logo={brand.logo} alt={`${partner.name} logo`} height={56} className="self-start p-2" /> : null}
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl md:text-5xl">
            {partner.name} invites you to {site.companyName}
          </h1>
          <p className="max-w-2xl text-xl font-semibold">{referralPitch.invitesTo}</p>
          <p className="max-w-2xl text-lg leading-relaxed">{referralPitch.lead}</p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink href="/request-access" icon={KeyRound} size="lg" variant="inverse">
              Request portal access
            </ButtonLink>
            <ButtonLink to="/intake" icon={CalendarCheck} size="lg" variant="inverse">
              Schedule a free consultation
            </ButtonLink>
          </div>
        </div>
      </section>
      <Section>
        <div className="grid gap-6 md:grid-cols-3">
          {referralPitch.points.map((point) => (
            <Card key={point.title}>
              <CardHeader>
                <IconTile className="mb-2">
                  <Icon name={point.icon} className="size-6" />
                </IconTile>
                <CardTitle as="h2" size="md">
                  {point.title}
                </CardTitle>
                <CardDescription>{point.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <Card className="mt-8">
          <CardContent padding="all">
            <p className="text-sm text-muted-foreground">{referralPitch.attribution(partner.name)}</p>
          </CardContent>
        </Card>
      </Section>
    </>
  );
}
