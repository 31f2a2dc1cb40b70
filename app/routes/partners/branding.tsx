import { ExternalLink } from "lucide-react";
import type { Route } from "./+types/branding";
import { BrandingForm } from "~/components/branding/branding-form";
import { privateMeta } from "~/lib/meta";
import type { FormAnswer } from "~/lib/form-result";
import { getBrand, TEXT_COLOURS } from "~/.server/branding";
import { brandingIntents, BRANDING_FORM_READ } from "~/.server/branding/form";
import { themeColour } from "~/.server/branding/theme";
import { getDb } from "~/.server/db/client";
import { answerForm } from "~/.server/http/form-action";
import { requirePartner } from "~/.server/partners/partner";
import { clientInfo } from "~/.server/request-context";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Your branding | Partners");

const PAGE = "/partners/branding";

/**
 * A sales partner's logo and accent colour: their referral page (/r/CODE)
 * shows them, and so does the "brought to you by" mark in the portal of each
 * practice that came through them. The partner's own record only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { partner } = await requirePartner(request);
  const brand = await getBrand(getDb(), { partnerId: partner.id });
  return { partner: { name: partner.name, code: partner.code }, brand, siteAccent: themeColour("primary") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, partner } = await requirePartner(request);
  const actor = { email: user.email, ip: clientInfo(context).ip };
  return answerForm(request, {
    title: "Not saved",
    read: BRANDING_FORM_READ,
    intents: brandingIntents({ owner: { partnerId: partner.id }, actor, backTo: `${PAGE}#branding-heading`, colours: TEXT_COLOURS }),
  });
}

export default function PartnerBrandingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { partner, brand, siteAccent } = loaderData;
  const link = `/r/${partner.code}`;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-navy">Your branding</h1>
      <p className="text-muted-foreground">
        Your referral link is{" "}
        <a href={link} className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
          {link}
          <ExternalLink aria-hidden className="size-4" />
        </a>
        : the people you send there see your logo and colour, and the practices that come through you see a &quot;Brought to you by {partner.name}&quot; mark in
        their portal.
      </p>
      <BrandingForm
        brand={brand}
        name={partner.name}
        siteAccent={siteAccent}
        answer={actionData as FormAnswer | undefined}
        intro="Your logo and colour on your referral page and beside your name in the portals of the practices you brought."
      />
    </>
  );
}
