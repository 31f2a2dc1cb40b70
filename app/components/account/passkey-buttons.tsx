import { Fingerprint, KeyRound } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** Posts one step of a passkey ceremony to the site, as JSON; the answer's body. */
async function step(path: string, body: Record<string, unknown>): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, body: json };
}

/** Words for what the browser's WebAuthn refused. */
function refusal(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError") return "The passkey was not used (cancelled, or the time ran out). Try again when you are ready.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return "Your browser could not use a passkey here. Try another browser or device.";
}

/** Whether this browser can make and use passkeys (false on the server and before hydration). */
function useWebAuthn(): boolean {
  return React.useSyncExternalStore(
    noSubscription,
    () => "PublicKeyCredential" in window,
    () => false,
  );
}

const noSubscription = () => () => {};

/**
 * Adds a passkey to the signed-in account: a name for it, then the device
 * asks its owner (a PIN, a fingerprint, a face). Needs the page's script: a
 * browser without it is told so.
 */
export function AddPasskey({ onAdded }: { onAdded: (message: string) => void }) {
  const supported = useWebAuthn();
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();

  async function add() {
    setBusy(true);
    setError(null);
    try {
      const options = await step("/account/passkeys", { intent: "options" });
      if (!options.ok) throw new Error(String(options.body.message ?? "The site could not start a passkey."));
      const { startRegistration } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.body as never });
      } catch (e) {
        setError(refusal(e));
        return;
      }
      const saved = await step("/account/passkeys", { intent: "register", response, name: name.trim() || defaultName() });
      if (!saved.ok) throw new Error(String(saved.body.message ?? "The passkey could not be saved."));
      onAdded(String(saved.body.message));
    } catch (e) {
      setError(e instanceof Error ? e.message : "The passkey could not be saved.");
    } finally {
      setBusy(false);
    }
  }

  if (!supported) return <p className="text-sm text-muted-foreground">Passkeys need a browser with JavaScript and WebAuthn on.</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>Name of the passkey</Label>
        <Input id={id} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder={defaultName()} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          So you can tell your passkeys apart, such as “Work laptop”.
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="button" onClick={() => void add()} disabled={busy} className="self-start">
        <Fingerprint aria-hidden />
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </Button>
    </div>
  );
}

function defaultName(): string {
  if (typeof navigator === "undefined") return "Passkey";
  const ua = navigator.userAgent;
  return /iPhone|iPad/.test(ua) ? "iPhone or iPad" : /Android/.test(ua) ? "Android phone" : /Mac OS X/.test(ua) ? "Mac" : /Windows/.test(ua) ? "Windows computer" : "This device";
}

/** Signs in with a passkey alone; on success the browser goes where sign-in leads. */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const supported = useWebAuthn();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const options = await step("/sign-in/passkey", { intent: "options" });
      if (!options.ok) throw new Error(String(options.body.message ?? "The site could not start a passkey sign-in."));
      const { startAuthentication } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON: options.body as never });
      } catch (e) {
        setError(refusal(e));
        return;
      }
      const done = await step("/sign-in/passkey", { intent: "verify", response, redirectTo });
      if (!done.ok) throw new Error(String(done.body.message ?? "That passkey did not sign you in."));
      window.location.assign(String(done.body.location ?? "/"));
    } catch (e) {
      setError(e instanceof Error ? e.message : "That passkey did not sign you in.");
    } finally {
      setBusy(false);
    }
  }

  if (!supported) return null;
  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => void signIn()} disabled={busy}>
        <KeyRound aria-hidden />
        {busy ? "Waiting for your device..." : "Use a passkey"}
      </Button>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
