import * as React from "react";
import { DEFAULT_TIME_ZONE } from "~/content/time-zones";

/**
 * The zone the viewer reads times in: their practice's (a member) or their
 * profile's (staff), handed down by the portal's and the console's pages from
 * their loaders. The server renders times in it, so the browser renders the
 * same text: no switch of zone once the page hydrates.
 */
const TimeZoneContext = React.createContext<string>(DEFAULT_TIME_ZONE);

export const TimeZoneProvider = TimeZoneContext.Provider;

export function useTimeZone(): string {
  return React.useContext(TimeZoneContext);
}
