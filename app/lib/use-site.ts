import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "~/config/site";
import type { ToastText } from "~/content/forms";

/** A form sent after its session ended, given back to its page once its owner signed in again. */
export type KeptForm = { id: string; action: string; fields: [string, string][]; files: string[] };

export type RootData = {
  site: SiteConfig;
  flash: ToastText | null;
  /** Present while the browser holds a session cookie: the idle limit the page warns before. */
  session: { idleMinutes: number } | null;
  keptForm: KeptForm | null;
  /** A portal page seen in the live demo (no session of one's own): the demo's banner shows. */
  demo: boolean;
};

/** Site facts from the root loader; available on every page. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useSite called outside the root route");
  return data.site;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
