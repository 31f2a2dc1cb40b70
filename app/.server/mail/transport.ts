import { BlockList, isIP } from "node:net";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { SendMail } from "./outbox";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** localhost, 127.0.0.0/8 and ::1 (also written as IPv4-mapped): mail that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "localhost.") return true;
  const family = isIP(host);
  return family !== 0 && loopback.check(host, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Nodemailer's options for an SMTP URL such as smtp://user:pass@host:587 or
 * smtps://host:465. Mail (and the password) to any host but this machine
 * travels encrypted or not at all: `requireTLS` makes STARTTLS compulsory.
 * `?tls=off` is for a plain relay on this machine (tests, a sidecar); for
 * another host it stops the start, since it would send in clear text.
 */
export function smtpOptions(url: string): SMTPPool.Options {
  const parsed = new URL(url);
  const local = isLoopbackHost(parsed.hostname);
  const tlsOff = parsed.searchParams.get("tls") === "off";
  if (tlsOff && !local) {
    throw new Error(`SMTP_URL: tls=off is allowed only for a relay on this machine (localhost, 127.0.0.1, ::1), not ${parsed.hostname}`);
  }
  const secure = parsed.protocol === "smtps:";
  return {
    // A few kept-open connections instead of one per mail, so a backlog drains quickly.
    pool: true,
    maxConnections: 3,
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: !local,
    // A local relay may offer no TLS; STARTTLS is still used when it does, unless tls=off.
    ignoreTLS: tlsOff,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/** An SMTP sender from a URL (see smtpOptions). */
export function smtpSender(url: string, from: string): SendMail & { close(): void } {
  const transport = nodemailer.createTransport(smtpOptions(url));
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
      html: mail.html,
      attachments: mail.attachments,
    });
  };
  return Object.assign(send, { close: () => transport.close() });
}
