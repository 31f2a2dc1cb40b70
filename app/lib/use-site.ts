import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "~/config/site";
import type { ToastText } from "~/content/forms";

export type RootData = { site: SiteConfig; flash: ToastText | null };

/** Site facts from the root loader; available on every page. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as RootData | undefined;
  if (!data) throw new Error("useSite called outside the root route");
  return data.site;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
