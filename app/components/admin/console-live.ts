import { useOutletContext } from "react-router";

/** What the console's pages learn from its frame: whether its live stream of status events is open. */
export type ConsoleOutlet = { live: boolean };

export function useConsoleLive(): boolean {
  return useOutletContext<ConsoleOutlet | undefined>()?.live ?? false;
}
