import { Clock } from "lucide-react";
import { AlertDialog } from "radix-ui";
import * as React from "react";
import { useFetchers, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { BACKGROUND_FETCHER_PREFIX } from "~/lib/quiet-loads";
import { setSessionEnded } from "./session-state";

/** What /session answers (routes/auth/session.ts). */
type Status = { signedIn: false } | { signedIn: true; endsInMs: number; endsBy: "idle" | "limit"; idleMs: number };

type View =
  | { phase: "quiet" }
  | { phase: "warn"; endsAt: number; endsBy: "idle" | "limit" }
  | { phase: "ended"; open: boolean; typed: boolean };

/** Asks the site how long the session has (GET), or renews it first (POST); null when it cannot be reached. */
async function ask(method: "GET" | "POST"): Promise<Status | null> {
  try {
    const response = await fetch("/session", { method, credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
    if (response.status !== 200 && response.status !== 401) return null;
    return (await response.json()) as Status;
  } catch {
    return null;
  }
}

function isTypingControl(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && !["hidden", "submit", "button", "reset", "image"].includes(element.type);
}

const isPostForm = (form: HTMLFormElement) => (form.getAttribute("method") ?? "get").toLowerCase() === "post";

/** The page has a form a person fills in: one that posts and has a control other than buttons. */
function pageHasForm(): boolean {
  return Array.from(document.forms).some((form) => isPostForm(form) && Array.from(form.elements).some(isTypingControl));
}

/** Whether a posting form holds something typed: a control whose value is not the one the page came with (typed before this watch began, say). */
function pageHasTyped(): boolean {
  return Array.from(document.forms).some(
    (form) =>
      isPostForm(form) &&
      Array.from(form.elements).some((el) => {
        if (el instanceof HTMLInputElement) {
          if (el.type === "hidden" || el.type === "submit" || el.type === "button" || el.type === "file") return false;
          return el.type === "checkbox" || el.type === "radio" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
        }
        if (el instanceof HTMLTextAreaElement) return el.value !== el.defaultValue;
        if (el instanceof HTMLSelectElement && !el.multiple) {
          // With no option marked selected, the page came with the first one.
          const initial = Math.max(0, Array.from(el.options).findIndex((o) => o.defaultSelected));
          return el.selectedIndex !== initial;
        }
        return false;
      }),
  );
}

function minutesAndSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Follows a signed-in page's session. Every answer to the person's own
 * doing renews it on the server (the page's background loads do not); this
 * adds the rest:
 * - typing in a form renews it too (a light POST /session, at most every
 *   sixth of the idle limit), so a long form is never cut off;
 * - on a page with a form, when the limit is near (two minutes before it,
 *   or half of it when the limit is shorter than four minutes), and the site
 *   confirms no other tab kept the session alive, a dialog offers "Stay signed
 *   in" (focused, so Enter or Space chooses it);
 * - once the session has ended, the dialog says so and what happens to what
 *   was typed: sending the form leads to sign-in and back to it, filled in.
 */
export default function SessionWatch({ idleMinutes }: { idleMinutes: number }) {
  const idleMs = idleMinutes * 60_000;
  const leadMs = Math.min(2 * 60_000, idleMs / 2);
  const [view, setView] = React.useState<View>({ phase: "quiet" });
  const [now, setNow] = React.useState(() => Date.now());
  const control = React.useRef<{ contact(): void; stay(): Promise<void>; dismiss(): void } | null>(null);
  const stayButton = React.useRef<HTMLButtonElement>(null);

  // Any answer the person's own doing got (a navigation, a form's answer) renewed the session; the
  // page's background loads (lib/quiet-loads.ts) renew nothing, so they are not counted.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle" && !f.key.startsWith(BACKGROUND_FETCHER_PREFIX));
  React.useEffect(() => {
    if (!busy) control.current?.contact();
  }, [busy]);

  React.useEffect(() => {
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let endsAt = Date.now() + idleMs;
    let lastRenewal = Date.now();
    let typed = false;
    let phase: View["phase"] = "quiet";
    const show = (next: View) => {
      phase = next.phase;
      setSessionEnded(next.phase === "ended");
      setView(next);
    };
    const schedule = (at: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void check(), Math.max(0, at - Date.now()));
    };
    const ended = () => {
      typed ||= pageHasTyped();
      show({ phase: "ended", open: true, typed });
    };
    const renewed = (status: Status | null) => {
      if (disposed || !status) return;
      if (!status.signedIn) return ended();
      lastRenewal = Date.now();
      endsAt = Date.now() + status.endsInMs;
      if (status.endsInMs > leadMs + 1_000) {
        if (phase !== "quiet") show({ phase: "quiet" });
        schedule(endsAt - leadMs);
      } else {
        // Renewing cannot push it further: the absolute limit is near.
        show({ phase: "warn", endsAt, endsBy: status.endsBy });
        schedule(endsAt + 500);
      }
    };
    async function check() {
      if (disposed || phase === "ended") return;
      // Only a page with a form warns: elsewhere nothing typed can be lost.
      if (phase === "quiet" && !pageHasForm()) return schedule(Math.max(endsAt - leadMs, Date.now() + leadMs / 4));
      // Asked without renewing: another tab may have kept the session alive meanwhile.
      const status = await ask("GET");
      if (disposed) return;
      if (!status) return schedule(Date.now() + 5_000);
      if (!status.signedIn) return ended();
      endsAt = Date.now() + status.endsInMs;
      if (status.endsInMs > leadMs + 1_000) {
        if (phase !== "quiet") show({ phase: "quiet" });
        return schedule(endsAt - leadMs);
      }
      if (phase !== "warn") show({ phase: "warn", endsAt, endsBy: status.endsBy });
      schedule(endsAt + 500);
    }
    control.current = {
      contact() {
        if (phase !== "quiet") return;
        lastRenewal = Date.now();
        endsAt = Date.now() + idleMs;
        schedule(endsAt - leadMs);
      },
      async stay() {
        renewed(await ask("POST"));
      },
      dismiss() {
        if (phase === "warn") {
          // Not now: the dialog goes, and the page looks again when the session would end.
          show({ phase: "quiet" });
          schedule(endsAt + 500);
        } else if (phase === "ended") show({ phase: "ended", open: false, typed });
      },
    };
    // Typing is activity too: renew now and then, so a long form is never cut off.
    const onInput = (event: Event) => {
      const form = (event.target as Element | null)?.closest?.("form");
      if (!form || !isPostForm(form)) return;
      typed = true;
      if (phase !== "quiet" || Date.now() - lastRenewal < idleMs / 6) return;
      lastRenewal = Date.now();
      void ask("POST").then(renewed);
    };
    // A hidden tab's timers run late: look again when it is shown.
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("input", onInput, true);
    document.addEventListener("visibilitychange", onVisible);
    schedule(endsAt - leadMs);
    return () => {
      disposed = true;
      clearTimeout(timer);
      document.removeEventListener("input", onInput, true);
      document.removeEventListener("visibilitychange", onVisible);
      control.current = null;
      setSessionEnded(false);
    };
  }, [idleMs, leadMs]);

  // The countdown, while the warning shows.
  React.useEffect(() => {
    if (view.phase !== "warn") return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [view.phase]);

  const open = view.phase === "warn" || (view.phase === "ended" && view.open);
  const returnTo = typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : control.current?.dismiss())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-navy/50" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            if (!stayButton.current) return;
            event.preventDefault();
            stayButton.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-background p-6 text-left shadow-xl"
        >
          {view.phase === "warn" ? (
            <>
              <AlertDialog.Title className="flex items-center gap-2 text-lg font-semibold text-navy">
                <Clock aria-hidden className="size-5 shrink-0 text-primary" />
                {view.endsBy === "idle" ? "Stay signed in?" : "Your session is reaching its time limit"}
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-foreground">
                {view.endsBy === "idle"
                  ? `For your security you will be signed out in ${minutesAndSeconds(view.endsAt - now)} unless you stay. What you typed stays on this page.`
                  : `Sessions end after a set number of hours, however active. You will be signed out in ${minutesAndSeconds(view.endsAt - now)}: send what you are working on, then sign in again.`}
              </AlertDialog.Description>
              <div className="flex flex-wrap justify-end gap-2">
                {view.endsBy === "idle" ? (
                  <Button ref={stayButton} type="button" onClick={() => void control.current?.stay()}>
                    Stay signed in
                  </Button>
                ) : (
                  <AlertDialog.Cancel asChild>
                    <Button type="button">OK</Button>
                  </AlertDialog.Cancel>
                )}
              </div>
            </>
          ) : view.phase === "ended" ? (
            <>
              <AlertDialog.Title className="flex items-center gap-2 text-lg font-semibold text-navy">
                <Clock aria-hidden className="size-5 shrink-0 text-primary" />
                Your session has ended
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-foreground">
                {view.typed
                  ? "For your security you were signed out. What you typed is still on this page: send the form, sign in again, and it comes back to you filled in."
                  : "For your security you were signed out. Sign in again to go on; a form you send from this page brings you back to it after signing in."}
              </AlertDialog.Description>
              <div className="flex flex-wrap justify-end gap-2">
                {view.typed ? null : (
                  <Button asChild variant="outline">
                    <a href={`/auth?${new URLSearchParams({ redirectTo: returnTo })}`}>Sign in again</a>
                  </Button>
                )}
                <AlertDialog.Cancel asChild>
                  <Button type="button">{view.typed ? "Back to the form" : "Close"}</Button>
                </AlertDialog.Cancel>
              </div>
            </>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
