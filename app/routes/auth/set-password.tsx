import { KeyRound, LinkIcon } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/set-password";
import { privateMeta } from "~/lib/meta";
import { AccountCard, AccountFooterLink } from "~/components/account/account-card";
import { Field, FormNotice } from "~/components/forms/field";
import { SubmitButton } from "~/components/forms/submit-button";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_PASSWORD, MIN_PASSWORD, passwordProblem } from "~/lib/accounts";
import { completePasswordLink, readPasswordLink } from "~/.server/accounts";
import { getDb } from "~/.server/db/client";
import { log } from "~/.server/log";
import { clientInfo } from "~/.server/request-context";
import { MAX_TEXT_FORM_BYTES, readFormOrRefuse } from "~/.server/http/form-body";

function titleOf(link: LinkState | undefined): string {
  if (!link?.valid) return "Link no longer valid";
  return link.purpose === "invite" ? "Choose your password" : "Set a new password";
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...privateMeta(matches, titleOf(data as LinkState | undefined)),
  // The address holds the token: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export function headers() {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

/** Tokens are 32 random bytes in base64url (43 characters); anything else is not one. */
const TOKEN = /^[\w-]{20,100}$/;

type LinkState = { valid: true; purpose: "invite" | "reset"; email: string; token: string } | { valid: false };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return data<LinkState>({ valid: false }, { status: 400 });
  const link = await readPasswordLink(getDb(), token);
  if (!link) return data<LinkState>({ valid: false }, { status: 410 });
  return data<LinkState>({ valid: true, purpose: link.purpose, email: link.email, token });
}

/** Built on demand so the browser bundle never reaches the server-side password rules. */
const formSchema = () =>
  z
    .object({
      token: z.string().regex(TOKEN, "This link is no longer valid"),
      password: z.string({ error: "Enter a new password" }).superRefine((value, ctx) => {
        const problem = value === "" ? "Enter a new password" : passwordProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
      confirm: z.string({ error: "Enter the password again" }).min(1, "Enter the password again"),
    })
    .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords do not match" });

type Answer =
  | { ok: false; expired: true }
  | { ok: false; fieldErrors: { password?: string; confirm?: string } }
  | { ok: false; unavailable: true };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormOrRefuse(request, { maxBytes: MAX_TEXT_FORM_BYTES });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = formSchema().safeParse({ token: field("token"), password: field("password"), confirm: field("confirm") });
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "token")) {
      return data<Answer>({ ok: false, expired: true }, { status: 400 });
    }
    const fieldErrors: { password?: string; confirm?: string } = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "password" || key === "confirm") && !fieldErrors[key]) fieldErrors[key] = issue.message;
    }
    // Passwords are never sent back.
    return data<Answer>({ ok: false, fieldErrors }, { status: 400 });
  }
  let done: Awaited<ReturnType<typeof completePasswordLink>>;
  try {
    done = await completePasswordLink(getDb(), { token: parsed.data.token, password: parsed.data.password, ip: clientInfo(context).ip });
  } catch (error) {
    // The error (a query, its values, a stack) goes to the log only, never into the answer.
    log.error({ err: error }, "setting a password failed");
    return data<Answer>({ ok: false, unavailable: true }, { status: 503, headers: { "Retry-After": "30" } });
  }
  if (!done) return data<Answer>({ ok: false, expired: true }, { status: 410 });
  return redirect("/auth?password=set", 303);
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const link = loaderData as LinkState;
  const answer = actionData as Answer | undefined;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";

  if (!link.valid || (answer && "expired" in answer)) {
    return (
      <AccountCard
        icon={LinkIcon}
        title="This link is no longer valid"
        description="Password links work once and expire: invitations after 72 hours, reset links after one hour."
      >
        <a href="/forgot-password" className={buttonVariants({ size: "lg", className: "w-full" })}>
          Request a new link
        </a>
        <AccountFooterLink to="/auth" lead="Already set your password?">
          Sign in
        </AccountFooterLink>
      </AccountCard>
    );
  }

  const errors = answer && "fieldErrors" in answer ? answer.fieldErrors : {};
  const invite = link.purpose === "invite";
  return (
    <AccountCard
      icon={KeyRound}
      title={invite ? "Choose your password" : "Set a new password"}
      description={
        <>
          For <span className="font-semibold break-all text-foreground">{link.email}</span>
        </>
      }
    >
      {answer && "unavailable" in answer ? (
        <FormNotice notice={{ title: "Not saved", description: "We could not save your password just now. Please try again in a moment.", variant: "error" }} />
      ) : null}
      {errors.password || errors.confirm ? (
        <FormNotice notice={{ title: "Check the password", description: "Fix the fields marked below and try again.", variant: "error" }} />
      ) : null}
      <Form method="post" className="flex flex-col gap-5">
        <input type="hidden" name="token" value={link.token} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={link.email} readOnly hidden />
        <Field
          label="New password"
          name="password"
          required
          error={errors.password}
          hint={`At least ${MIN_PASSWORD} characters. A few unrelated words make a strong one.`}
        >
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" minLength={MIN_PASSWORD} maxLength={MAX_PASSWORD} />
          )}
        </Field>
        <Field label="Confirm password" name="confirm" required error={errors.confirm}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" minLength={MIN_PASSWORD} maxLength={MAX_PASSWORD} />
          )}
        </Field>
        <SubmitButton pending={pending} pendingText="Saving..." size="lg" className="w-full">
          {invite ? "Set my password" : "Save new password"}
        </SubmitButton>
      </Form>
      <AccountFooterLink to="/auth">Back to sign in</AccountFooterLink>
    </AccountCard>
  );
}
