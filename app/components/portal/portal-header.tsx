import { HoverMenu } from "~/components/ui/hover-menu";
import { SignOutButton } from "./sign-out-button";
import { SignedInSignal } from "./signed-in-signal";

export const portalLinks = [
  { to: "/members", label: "Clinical Portal" },
  { to: "/forms-library", label: "Forms Library" },
  { to: "/education", label: "Education" },
] as const;

/** Welcome line, the portal menu and Sign Out, shared by the signed-in pages. */
export function PortalHeader({ email, title }: { email: string; title: string }) {
  return (
    <div className="border-b border-border bg-muted">
      <SignedInSignal />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 sm:px-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
          <p className="mt-1 break-words text-muted-foreground">
            Welcome, <span className="font-semibold text-foreground">{email}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <HoverMenu label="Portal menu" items={portalLinks} className="border border-input bg-background" />
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
