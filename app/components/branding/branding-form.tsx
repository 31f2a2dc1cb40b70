import { ImageOff, Palette } from "lucide-react";
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { AnswerNotice, Field } from "~/components/forms/field";
import { FileField } from "~/components/forms/file-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import type { Brand } from "~/lib/branding";
import { normaliseHex } from "~/lib/contrast";
import { submittedText, submittedValues, type FormAnswer } from "~/lib/form-result";
import { LOGO } from "~/lib/uploads";
import { AccentBar } from "./brand-mark";

/**
 * The logo and accent colour of a practice (its page) or a partner (theirs).
 * A plain multipart form: it works without JavaScript, where the colour
 * picker and the hex field are sent both and the hex field wins when it was
 * changed (lib/schemas/branding.ts); with JavaScript they follow each other.
 */
export function BrandingForm({
  brand,
  name,
  answer,
  intro,
  siteAccent,
}: {
  brand: Brand | null;
  /** Whose brand: the practice's or the partner's name, for the preview and the logo's alternative text. */
  name: string;
  answer?: FormAnswer;
  intro: React.ReactNode;
  /** The site's own primary colour: where the picker starts when there is no accent. */
  siteAccent: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const saving = busy && navigation.formData?.get("intent") === "branding";
  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const typed = submittedValues(answer);
  const saved = brand?.accentColor ?? "";
  const [hex, setHex] = React.useState(submittedText(typed, "accentColor") ?? saved);
  // A newer saved colour (after a save) replaces what the field held.
  const [shown, setShown] = React.useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setHex(saved);
  }
  // The picker always holds a colour: the typed one, else the saved one, else the site's (sent as pickerWas, so it counts only when changed).
  const pickerStart = saved || siteAccent;
  const picker = normaliseHex(hex) ?? pickerStart;
  return (
    <section aria-labelledby="branding-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="branding-heading" className="scroll-mt-24 text-xl font-semibold text-navy">
          Branding
        </h2>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      <Card>
        <CardContent padding="all" className="flex flex-col gap-6">
          <AnswerNotice answer={answer} title="Not saved" />
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium">Now</p>
            <AccentBar brand={brand} name={name} className="rounded-md border border-border" />
            {brand?.logo ? (
              <Form method="post">
                <input type="hidden" name="intent" value="branding-remove-logo" />
                <Button type="submit" variant="outline" size="sm" disabled={busy}>
                  <ImageOff aria-hidden />
                  Remove logo
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-muted-foreground">No logo yet.</p>
            )}
          </div>
          {/* A new form once a logo is saved: the file picker empties. */}
          <Form key={brand?.logo?.src ?? "no-logo"} method="post" encType="multipart/form-data" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="branding" />
            <input type="hidden" name="accentWas" value={saved} />
            <input type="hidden" name="pickerWas" value={pickerStart} />
            <FileField
              label={brand?.logo ? "Replace the logo" : "Logo"}
              name="logo"
              rule={LOGO}
              error={errors.logo}
              hint="PNG or JPEG, at most 1 MB. It is shown 48 pixels high: a wide logo on a plain or transparent background works best."
              className="sm:max-w-md"
            />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Accent colour</legend>
              <div className="flex flex-wrap items-start gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="color"
                    name="accentPicker"
                    value={picker}
                    onChange={(event) => setHex(event.currentTarget.value)}
                    className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
                  />
                  Pick
                </label>
                <Field
                  label="or type it as hex"
                  name="accentColor"
                  error={errors.accentColor}
                  hint="Leave it empty for the site's own colours. White or dark text must reach 4.5:1 on it (WCAG AA)."
                  className="min-w-0 flex-1 sm:max-w-md"
                >
                  {(control) => (
                    <Input {...control} value={hex} onChange={(event) => setHex(event.currentTarget.value)} maxLength={20} autoComplete="off" spellCheck={false} placeholder="#RRGGBB" />
                  )}
                </Field>
              </div>
            </fieldset>
            <SubmitButton pending={saving} pendingText="Saving..." disabled={busy} className="self-start">
              <Palette aria-hidden />
              Save branding
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
