import { z } from "zod";
import { email, firstName, lastName, requiredText } from "~/lib/schemas/common";

/** CHT-000123 */
export const chatReference = (n: number) => `CHT-${String(n).padStart(6, "0")}`;

export type ChatSide = "visitor" | "member" | "staff";
export const CHAT_STATES = ["waiting", "open", "closed"] as const;
export type ChatState = (typeof CHAT_STATES)[number];

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** Business hours: the weekdays (0 Sunday) and the minutes of the day it opens and closes. */
export type ChatHours = { days: ReadonlySet<number>; opens: number; closes: number } | "none";

/**
 * Reads hours written as "Mon-Fri 08:00-18:00" (a day, or a range of days
 * that may wrap past Sunday, then a time range; "24:00" is the day's end) or
 * "none". Answers null for anything else.
 */
export function parseChatHours(text: string): ChatHours | null {
  const value = text.trim();
  if (value.toLowerCase() === "none") return "none";
  const m = /^([A-Za-z]{3})(?:-([A-Za-z]{3}))?\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const day = (name: string) => DAYS.findIndex((d) => d.toLowerCase() === name.toLowerCase());
  const first = day(m[1]!);
  const last = m[2] ? day(m[2]) : first;
  if (first < 0 || last < 0) return null;
  const minutes = (h: string, min: string) => Number(h) * 60 + Number(min);
  const opens = minutes(m[3]!, m[4]!);
  const closes = minutes(m[5]!, m[6]!);
  if (Number(m[4]) > 59 || Number(m[6]) > 59 || opens >= closes || closes > 24 * 60) return null;
  const days = new Set<number>();
  for (let d = first; ; d = (d + 1) % 7) {
    days.add(d);
    if (d === last) break;
  }
  return { days, opens, closes };
}

/** Where `at` falls in `timeZone`: its date (YYYY-MM-DD), weekday (0 Sunday) and minute of the day. */
export function localMoment(at: Date, timeZone: string): { date: string; weekday: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: DAYS.indexOf(parts.weekday as (typeof DAYS)[number]),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export type ChatAvailability = { open: true } | { open: false; why: "closed" | "holiday" };

/** Whether staff answer chat at `at`: within the hours, on a day that is not a holiday. */
export function chatAvailability(at: Date, { hours, timeZone, holidays }: { hours: ChatHours; timeZone: string; holidays: readonly string[] }): ChatAvailability {
  if (hours === "none") return { open: false, why: "closed" };
  const here = localMoment(at, timeZone);
  if (holidays.includes(here.date)) return { open: false, why: "holiday" };
  if (!hours.days.has(here.weekday) || here.minute < hours.opens || here.minute >= hours.closes) return { open: false, why: "closed" };
  return { open: true };
}

/** "1 min 20 s", "45 s", "2 h 5 min": how long someone waited. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return s % 60 ? `${minutes} min ${s % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

const message = () => requiredText("Message", 2000, "Enter your message");

/** A visitor's first message, with who they are (the same checks as every public form). */
export const visitorChatSchema = z.object({
  firstName: firstName(),
  lastName: lastName(),
  email: email(),
  message: message(),
});

/** One more message in a chat (a visitor's, a member's, staff's). */
export const chatMessageSchema = z.object({ message: message() });

export type VisitorChatInput = z.output<typeof visitorChatSchema>;
