import { ExternalLink } from "lucide-react";
import type { Route } from "./+types/branding";
import { BrandingForm } from "~/components/branding/branding-form";
import { SignOutButton } from "~/components/portal/sign-out-button";
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
  const { user, partner } = await requirePartner(request);
  const brand = await getBrand(getDb(), { partnerId: partner.id });
  return { email: user.email, partner: { name: partner.name, code: partner.code }, brand, siteAccent: themeColour("primary") };
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
  const { email, partner, brand, siteAccent } = loaderData;
  const link = `/r/${partner.code}`;
  return (
    <>
      <div className="border-b border-border bg-muted">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4 pt-6 pb-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">Your branding</h1>
            <p className="mt-1 break-words text-muted-foreground">
              {partner.name} · <span className="font-semibold text-foreground">{email}</span>
            </p>
          </div>
          <SignOutButton />
        </div>
      </div>
      <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
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
      </div>
    </>
  );
}
