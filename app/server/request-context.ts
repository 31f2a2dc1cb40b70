import { createContext, type RouterContextProvider } from "react-router";

export type ClientInfo = { ip: string; requestId: string };

/** Who sent the request, set by the HTTP entry (server.ts) for every request. */
export const clientContext = createContext<ClientInfo>({ ip: "unknown", requestId: "" });

export function clientInfo(context: Readonly<RouterContextProvider>): ClientInfo {
  return context.get(clientContext);
}
