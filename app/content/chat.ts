/**
 * Live chat: when staff answer it, what the panel says, and the replies staff
 * pick from. The hours are the company's (the support page's "Mon-Fri
 * 8AM-6PM EST"); CHAT_HOURS, CHAT_TIME_ZONE and CHAT_HOLIDAYS override them
 * without a release. Review the holidays each January.
 */
export const chatSchedule = {
  /** Days and hours in CHAT_HOURS's form: "Mon-Fri 08:00-18:00"; "none" is never open. */
  hours: "Mon-Fri 08:00-18:00",
  timeZone: "America/New_York",
  /** Days the chat stays closed, as dates in its time zone. */
  holidays: [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-05-25",
    "2026-07-03",
    "2026-09-07",
    "2026-11-26",
    "2026-11-27",
    "2026-12-24",
    "2026-12-25",
    "2027-01-01",
    "2027-01-18",
    "2027-02-15",
    "2027-05-31",
    "2027-07-05",
    "2027-09-06",
    "2027-11-25",
    "2027-11-26",
    "2027-12-24",
    "2027-12-31",
  ],
} as const;

/** The support page's promise, the target the console's wait figures are held to. */
export const CHAT_ANSWER_TARGET_MINUTES = 5;

export const chatText = {
  hoursLine: "Live chat is answered Monday to Friday, 8 AM to 6 PM Eastern.",
  privacy: "Please don't share patient details in chat: give an IVR or order reference instead.",
  waiting: "You're in the queue. A support specialist will be with you shortly.",
  closedByStaff: "This chat has ended. Thank you for reaching out.",
  outsideHours:
    "Our team is away right now. Leave your message and we'll answer it by email on the next business day.",
  holiday: "Our team is away for the holiday. Leave your message and we'll answer it by email on the next business day.",
  sentToInbox: { title: "Message received", description: "We'll answer by email on the next business day." },
  transcriptMailed: { title: "Transcript sent", description: "We mailed this chat's transcript to the address you gave." },
} as const;

/** Replies staff insert with one choice and can edit before sending. */
export const savedReplies: readonly { id: string; title: string; body: string }[] = [
  { id: "greeting", title: "Greeting", body: "Hi, thanks for reaching out to Cardinal Biologics support. How can I help you today?" },
  {
    id: "ivr-status",
    title: "IVR status",
    body: "I can check that for you. Could you give me the IVR reference (IVR-000123)? Please don't send the patient's name or details here.",
  },
  {
    id: "order-status",
    title: "Order status",
    body: "Happy to look into your order. What is its reference (ORD-000123)? Shipped orders show their tracking number on the order's page in the Clinical Portal.",
  },
  {
    id: "portal-access",
    title: "Portal access",
    body: "You can request Clinical Portal access for your practice at /request-access. Once we have checked the practice's details, its contact is invited by email.",
  },
  {
    id: "follow-up-email",
    title: "Follow up by email",
    body: "Let me check with the team and get back to you by email today.",
  },
  { id: "closing", title: "Closing", body: "Is there anything else I can help you with? Thanks for chatting with us." },
];
