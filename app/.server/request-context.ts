import { createContext, type RouterContextProvider } from "react-router";

export type ClientInfo = { ip: string; requestId: string; nonce: string };

/** Who sent the request (and the response's script nonce), set by the HTTP entry (server.ts) for every request. */
export const clientContext = createContext<ClientInfo>({ ip: "unknown", requestId: "", nonce: "" });

export function clientInfo(context: Readonly<RouterContextProvider>): ClientInfo {
  return context.get(clientContext);
}
