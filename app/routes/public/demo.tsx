import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/demo";
import { Button } from "~/components/ui/button";
import { DEMO_NOT_SET_UP, DEMO_SIGNED_IN } from "~/content/demo";
import { getUser } from "~/.server/accounts";
import { demoIdentity, enterDemo, leaveDemoCookie } from "~/.server/demo";
import { readFormOrRefuse } from "~/.server/http/form-body";

export const meta: Route.MetaFunction = () => [{ title: "Live demo | Clinical Portal" }, { name: "robots", content: "noindex" }];

/**
 * The live demo's door: opens the Clinical Portal on the demo practice, with
 * its sample data, for a visitor who is not signed in (a signed cookie; see
 * ~/.server/demo). A signed-in person keeps their own portal; a site without
 * a demo practice says how to add one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) return data({ state: "signed-in" as const }, { headers: { "Cache-Control": "no-store" } });
  if (!(await demoIdentity())) return data({ state: "not-set-up" as const }, { status: 503, headers: { "Cache-Control": "no-store" } });
  throw await enterDemo();
}

/** POST: "Open the live demo" (intent=enter) or "Leave the demo" (intent=leave, back to /ordering). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormOrRefuse(request, { maxBytes: 1024 });
  if (form.get("intent") === "leave") return redirect("/ordering", { status: 303, headers: { "Set-Cookie": await leaveDemoCookie() } });
  if (await getUser(request)) return redirect("/members", 303);
  if (!(await demoIdentity())) return redirect("/demo", 303);
  return enterDemo();
}

export default function DemoPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "signed-in") {
    return (
      <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">{DEMO_SIGNED_IN.title}</h1>
        <p className="text-muted-foreground">{DEMO_SIGNED_IN.text}</p>
        <Button asChild>
          <Link to="/members">Go to your Clinical Portal</Link>
        </Button>
      </section>
    );
  }
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-24 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{DEMO_NOT_SET_UP.title}</h1>
      <p className="text-muted-foreground">{DEMO_NOT_SET_UP.text}</p>
      <p className="text-muted-foreground">{DEMO_NOT_SET_UP.howTo}</p>
      <pre className="max-w-full overflow-x-auto rounded-md border border-border bg-muted px-4 py-3 text-sm">
        <code>{DEMO_NOT_SET_UP.command}</code>
      </pre>
      <Button asChild variant="outline">
        <Link to="/ordering">Back to Online Ordering &amp; Portal</Link>
      </Button>
    </section>
  );
}
