import type { Route } from "./+types/sms-webhook";
import { getDb } from "~/.server/db/client";
import { siteConfig, siteOrigin } from "~/.server/env";
import { log } from "~/.server/log";
import { handleDeliveryReport, handleInboundSms, phoneEnding, publicWebhookUrl, recordDelivery, recordOptOut, removeOptOut, twilioSettings } from "~/.server/notifications";

/**
 * Twilio's webhooks: a text to our number (STOP, START, HELP, answered in
 * TwiML) and the delivery report of a text we sent (its address carries
 * `key`, the outbox row). Signed by Twilio over PUBLIC_URL + path; a request
 * it did not sign is answered 403 and changes nothing. Exempt from the
 * origin check of browser forms (server.ts), this route only.
 */

const MAX_BYTES = 16 * 1024;

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const settings = twilioSettings();
  if (!settings) return new Response("Not Found", { status: 404 });
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) return new Response("Unsupported Media Type", { status: 415 });
  const raw = await request.text();
  if (raw.length > MAX_BYTES) return new Response("Payload Too Large", { status: 413 });
  const form = new URLSearchParams(raw);
  const webhook = { url: publicWebhookUrl(request.url, siteOrigin()), headers: request.headers, form };
  const db = getDb();

  if (form.has("MessageStatus")) {
    const report = handleDeliveryReport(webhook, settings.authToken);
    if (!report.accepted) {
      log.warn({ reason: report.reason }, "unsigned delivery report refused");
      return new Response("Forbidden", { status: 403 });
    }
    await recordDelivery(db, report);
    return new Response(null, { status: 204 });
  }

  const site = siteConfig();
  const inbound = handleInboundSms(webhook, settings.authToken, { companyName: site.companyName, phone: site.phone });
  if (!inbound.accepted) {
    log.warn({ reason: inbound.reason }, "unsigned text refused");
    return new Response("Forbidden", { status: 403 });
  }
  if (inbound.from && inbound.keyword === "opt-out") await recordOptOut(db, inbound.from);
  if (inbound.from && inbound.keyword === "opt-in") await removeOptOut(db, inbound.from);
  if (inbound.keyword) log.info({ keyword: inbound.keyword, from: inbound.from ? phoneEnding(inbound.from) : null }, "text keyword");
  return new Response(inbound.twiml, { status: 200, headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" } });
}
