import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";

/** A practice admin requires a second factor of everyone in the practice (any member may turn it on for themselves). */
export function PracticeTwoFactorForm({ required }: { required: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="two-factor-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          Sign-in
        </h2>
        <p className="text-sm text-muted-foreground">
          With a second factor, a password alone does not open your practice&apos;s records: each sign-in also asks for a code from an authenticator app.
        </p>
      </div>
      <Card>
        <CardContent padding="all">
          <Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="two-factor" />
            <div className="flex items-start gap-2 text-sm">
              <Checkbox id="require-two-factor" name="requireTwoFactor" value="1" defaultChecked={required} className="mt-0.5" />
              <label htmlFor="require-two-factor">Everyone in the practice signs in with a second factor</label>
            </div>
            <Button type="submit" variant="outline" className="self-start" disabled={busy}>
              Save sign-in
            </Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
