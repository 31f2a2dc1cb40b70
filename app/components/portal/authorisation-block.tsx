import { AuthorisationEndsMark } from "~/components/ivr/authorisation-status";
import { Block, Facts } from "~/components/portal/facts";

/** What the practice sees of the IVR's current prior authorisation (the page passes it only when there is one). */
export type MemberAuthorisation = {
  number: string;
  trackingNumber: string | null;
  usage: string | null;
  endsSoon: string | null;
  validFrom: string;
  validTo: string;
  products: string;
};

/** "3 of 8 applications used, valid until 2027-02-24", with the payer's numbers and what it covers. */
export function AuthorisationBlock({ authorisation: a }: { authorisation: MemberAuthorisation }) {
  return (
    <Block title="Prior authorisation">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold">
          {a.usage}
        </p>
        {a.endsSoon ? <AuthorisationEndsMark text={a.endsSoon} /> : null}
      </div>
      <Facts
        rows={[
          ["Authorisation number", a.number],
          ["Payer's tracking number", a.trackingNumber],
          ["Valid", `${a.validFrom} to ${a.validTo}`],
          ["Products", a.products],
        ]}
      />
    </Block>
  );
}
