import nodemailer from "nodemailer";
import type { SendMail } from "./outbox";

/** An SMTP sender from a URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function smtpSender(url: string, from: string): SendMail & { close(): void } {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    // A few kept-open connections instead of one per mail, so a backlog drains quickly.
    pool: true,
    maxConnections: 3,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === "smtps:" ? 465 : 587,
    secure: parsed.protocol === "smtps:",
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    // Plain local relays (tests, a sidecar) offer no TLS; STARTTLS is still used when offered.
    ignoreTLS: parsed.searchParams.get("tls") === "off",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  // Message-IDs are named after the sender's domain.
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  const send = async (mail: Parameters<SendMail>[0]) => {
    await transport.sendMail({
      messageId: `<${mail.id}@${domain}>`,
      from,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
    });
  };
  return Object.assign(send, { close: () => transport.close() });
}
