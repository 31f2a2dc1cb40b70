import { BellRing, MessageSquareText } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/notifications";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { privateMeta } from "~/lib/meta";
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS } from "~/lib/notifications";
import { formatUsPhone, US_MOBILE_EXAMPLE, usMobileSchema } from "~/lib/phone";
import { z } from "zod";
import { getUser, homeOf, requireUser } from "~/.server/accounts";
import { getDb, getRelaxedDb } from "~/.server/db/client";
import { answerForm } from "~/.server/http/form-action";
import { cancelPending, confirmNumber, notificationSettings, removeNumber, saveChoices, smsEnabled, startConfirmation } from "~/.server/notifications";

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, "Notifications");

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** Which events a person hears of, by mail and (when texts are on) by text, and the mobile number texts go to. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const user = (await getUser(request))!;
  const settings = await notificationSettings(getDb(), user.id);
  const textsOn = smsEnabled();
  return {
    home: homeOf(user),
    textsOn,
    choices: settings.choices.map((c) => ({ ...c, byText: textsOn && c.byText })),
    phone: textsOn && settings.phone ? formatUsPhone(settings.phone) : null,
    pendingPhone: textsOn && settings.pendingPhone ? formatUsPhone(settings.pendingPhone) : null,
    optedOut: textsOn && settings.optedOut,
  };
}

const phoneSchema = z.object({ phone: usMobileSchema });

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const user = (await getUser(request))!;
  const db = getDb();
  const textsOn = smsEnabled();
  const off = () => data({ ok: false as const, intent: "send-code", notice: { title: "Texts are off", description: "Texts are not offered on this site." } }, { status: 404 });
  return answerForm(request, {
    read: { maxBytes: 4096 },
    intents: {
      choices: async ({ formData }) => {
        const choices = NOTIFICATION_EVENTS.map((event) => ({ event, byMail: formData.get(`mail.${event}`) === "on", byText: formData.get(`text.${event}`) === "on" }));
        await saveChoices(db, user.id, choices, { textsOn });
        return data({ ok: true as const, intent: "choices", message: "Your choices are saved." });
      },
      "send-code": async ({ parse, values }) => {
        if (!textsOn) return off();
        const { phone } = parse(phoneSchema);
        const started = await startConfirmation(db, user.id, phone, { limitDb: getRelaxedDb() });
        if (!started.ok) {
          const message =
            started.reason === "opted-out"
              ? "This number replied STOP to our texts: reply START to us from it first."
              : `Too many codes sent: try again in ${Math.ceil(started.retryAfterSeconds / 60)} minutes.`;
          return data({ ok: false as const, intent: "send-code", fieldErrors: { phone: message }, values: { phone: values.phone ?? "" } }, { status: started.reason === "opted-out" ? 409 : 429 });
        }
        return data({ ok: true as const, intent: "send-code", message: "We texted a code to the number: type it below." });
      },
      confirm: async ({ values }) => {
        if (!textsOn) return off();
        const result = await confirmNumber(db, user.id, values.code ?? "");
        if (result.result === "confirmed") return data({ ok: true as const, intent: "confirm", message: "Your mobile number is confirmed." });
        return data({ ok: false as const, intent: "confirm", fieldErrors: { code: result.message } }, { status: 400 });
      },
      cancel: async () => {
        await cancelPending(db, user.id);
        return data({ ok: true as const, intent: "cancel", message: "The code is cancelled." });
      },
      remove: async () => {
        await removeNumber(db, user.id);
        return data({ ok: true as const, intent: "remove", message: "Your mobile number is removed: no more texts." });
      },
    },
  });
}

type Answer =
  | { ok: true; intent: string; message?: string }
  | { ok: false; intent?: string; fieldErrors?: Record<string, string>; notice?: { title: string; description: string }; values?: Record<string, unknown> }
  | undefined;

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { textsOn, choices, phone, pendingPhone, optedOut, home } = loaderData;
  const answer = actionData as Answer;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const errorsFor = (intent: string) => (answer && !answer.ok && answer.intent === intent ? (answer.fieldErrors ?? {}) : {});
  const noticeFor = (...intents: string[]) =>
    answer && answer.intent && intents.includes(answer.intent)
      ? answer.ok
        ? answer.message
          ? { title: "Done", description: answer.message, variant: "success" as const }
          : null
        : answer.notice
          ? { ...answer.notice, variant: "error" as const }
          : null
      : null;
  const typedPhone = answer && !answer.ok && answer.intent === "send-code" && typeof answer.values?.phone === "string" ? answer.values.phone : undefined;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-navy">Notifications</h1>
        <p className="mt-2 text-muted-foreground">
          What we tell you about the IVRs and orders you follow, and how.{" "}
          <a href={home} className="font-semibold text-primary underline-offset-4 hover:underline">
            Back to {home === "/admin" ? "the console" : "the portal"}
          </a>
        </p>
      </div>

      {textsOn ? (
        <section aria-labelledby="mobile-heading" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
          <h2 id="mobile-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
            <MessageSquareText aria-hidden className="size-5 text-primary" /> Mobile number
          </h2>
          <p className="text-sm text-muted-foreground">
            Texts carry a reference and a status only, never patient details. Msg&amp;data rates may apply. Reply STOP to any text to stop them, HELP for help.
          </p>
          <FormNotice notice={noticeFor("send-code", "confirm", "cancel", "remove")} />
          {phone ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p>
                Texts go to <strong>{phone}</strong>.{optedOut ? " This number replied STOP: reply START to us from it to get texts again." : ""}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <SubmitButton pending={busy("remove")} pendingText="Removing..." variant="outline" size="sm">
                  Remove the number
                </SubmitButton>
              </Form>
            </div>
          ) : null}
          {pendingPhone ? (
            <div className="flex flex-col gap-3">
              <Form method="post" className="flex flex-col gap-3">
                <input type="hidden" name="intent" value="confirm" />
                <Field label={`The code we texted to ${pendingPhone}`} name="code" required error={errorsFor("confirm").code} hint="Six digits. It works for 10 minutes.">
                  {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={9} className="max-w-40" />}
                </Field>
                <SubmitButton pending={busy("confirm")} pendingText="Checking..." className="self-start">
                  Confirm the number
                </SubmitButton>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="link" className="h-auto p-0">
                  Use another number
                </Button>
              </Form>
            </div>
          ) : (
            <Form method="post" className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="send-code" />
              <Field label={phone ? "A new mobile number" : "Your mobile number"} name="phone" required error={errorsFor("send-code").phone} hint={`A US mobile, such as ${US_MOBILE_EXAMPLE}. We text it a code.`}>
                {(control) => <Input {...control} type="tel" autoComplete="tel" defaultValue={typedPhone} className="max-w-64" />}
              </Field>
              <SubmitButton pending={busy("send-code")} pendingText="Sending..." variant={phone ? "outline" : "default"} className="self-start">
                Text me a code
              </SubmitButton>
            </Form>
          )}
        </section>
      ) : null}

      <section aria-labelledby="events-heading" className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <h2 id="events-heading" className="flex items-center gap-2 text-xl font-semibold text-navy">
          <BellRing aria-hidden className="size-5 text-primary" /> What we tell you
        </h2>
        <FormNotice notice={noticeFor("choices")} />
        {textsOn && !phone ? <p className="text-sm text-muted-foreground">Texts go out once your mobile number is confirmed.</p> : null}
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="choices" />
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Events, by mail{textsOn ? " and by text" : ""}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Event
                </th>
                <th scope="col" className="w-20 px-2 py-2 text-center font-semibold">
                  By mail
                </th>
                {textsOn ? (
                  <th scope="col" className="w-20 px-2 py-2 text-center font-semibold">
                    By text
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {choices.map((c) => (
                <tr key={c.event} className="border-b last:border-0">
                  <th scope="row" className="py-3 pr-3 font-normal">
                    {NOTIFICATION_EVENT_LABELS[c.event]}
                  </th>
                  <td className="px-2 py-3 text-center">
                    <Checkbox name={`mail.${c.event}`} defaultChecked={c.byMail} aria-label={`${NOTIFICATION_EVENT_LABELS[c.event]} by mail`} className="size-5" />
                  </td>
                  {textsOn ? (
                    <td className="px-2 py-3 text-center">
                      <Checkbox name={`text.${c.event}`} defaultChecked={c.byText} aria-label={`${NOTIFICATION_EVENT_LABELS[c.event]} by text`} className="size-5" />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <SubmitButton pending={busy("choices")} pendingText="Saving..." className="self-start">
            Save choices
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
