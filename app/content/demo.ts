import type { ToastText } from "~/content/forms";

/** Words of the live demo of the Clinical Portal (/demo): its banner, its answer to a write, its pages. */
export const DEMO_PRACTICE_NAME = "Demo Wound Care — sample data";

/** How a write in the demo is answered: the toast on the page it was sent from. */
export const DEMO_REFUSAL: ToastText = {
  title: "This is a demo: nothing is saved",
  description: "The live demo shows the portal with sample data. Request portal access to do this for your practice.",
  variant: "default",
};

export const DEMO_BANNER = {
  title: "Demo — sample data.",
  text: "Nothing you do here is saved.",
  leave: "Leave the demo",
  requestAccess: "Request portal access",
} as const;

export const DEMO_LEFT: ToastText = { title: "You left the demo", description: "Request portal access to use the portal for your practice." };

export const DEMO_NOT_SET_UP = {
  title: "The live demo is not set up",
  text: "This site has no demo practice yet, so the live demo cannot open.",
  howTo: "Whoever runs the site adds it (its sample data only, in any database) with:",
  command: "npm run seed:demo -- --demo-practice",
} as const;

export const DEMO_SIGNED_IN = {
  title: "You are signed in",
  text: "The live demo opens for visitors who are not signed in. Your own portal is one click away; sign out first to look at the demo.",
} as const;

/** Hours the demo cookie lasts after it is set (it is set again on each visit to /demo). */
export const DEMO_HOURS = 8;
