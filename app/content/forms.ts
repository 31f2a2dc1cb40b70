import type { IconName } from "./types";

/**
 * Texts of the request forms and their pages. Option lists live beside the
 * schemas that check them (app/lib/schemas/*), so a list and its rule are one.
 */

export type ToastText = { title: string; description: string; variant?: "success" | "error" | "default" };

/** Toasts of SPEC section 8 (the callback failure and sign-in texts are not in the spec). */
export const formToasts = {
  contact: {
    success: { title: "Message Sent Successfully!", description: "We'll get back to you within 24 hours", variant: "success" },
    // The spec never shows a failure to the visitor: the message is taken care of either way.
    failure: {
      title: "Message Received!",
      description: "Your message has been received. We'll get back to you within 24 hours",
      variant: "default",
    },
  },
  intake: {
    success: {
      title: "Form Submitted Successfully!",
      description: "Our team will contact you within 24 hours to schedule your free consultation.",
      variant: "success",
    },
    failure: {
      title: "Submission Received",
      description: "Your consultation request has been received. We'll contact you within 24 hours via email or phone.",
      variant: "default",
    },
  },
  application: {
    success: {
      title: "Application submitted successfully!",
      description: "Thank you for your interest. We'll review your application and get back to you soon.",
      variant: "success",
    },
    failure: {
      title: "Submission failed",
      description: "There was an error submitting your application. Please try again.",
      variant: "error",
    },
  },
  callback: {
    success: {
      title: "Request Submitted Successfully",
      description: "Our team will contact you within 24 hours to discuss this exciting opportunity.",
      variant: "success",
    },
    failure: {
      title: "Submission failed",
      description: "We couldn't send your request. Please try again or call us.",
      variant: "error",
    },
  },
  signIn: {
    failure: { title: "Error", description: "An error occurred during sign in", variant: "error" },
  },
} as const satisfies Record<string, Partial<Record<"success" | "failure", ToastText>>>;

/** Answers that are not about a field: too many posts, a refused request, a server failure without JavaScript. */
export const formProblemToasts = {
  rateLimited: {
    title: "Too many submissions",
    description: "You have sent several forms in a short time. Please wait a minute and try again.",
    variant: "error",
  },
  rejected: { title: "Error", description: "The form could not be accepted.", variant: "error" },
  serverError: {
    title: "Not sent",
    description: "We could not save your submission just now. Please try again in a moment, or call us.",
    variant: "error",
  },
} as const satisfies Record<string, ToastText>;

/** Shown beside the fields when a plain form post (JavaScript off) came back with bad input. */
export const checkFieldsNotice: ToastText = {
  title: "Please check the form",
  description: "Some information is missing or not valid. The fields that need attention are marked below.",
  variant: "error",
};

// ---------------------------------------------------------------------------
// Intake (/intake)

export const intakeBenefits: readonly string[] = [
  "Compliance audit consultation for your wound-care program",
  "Access to our online ordering portal for IVRs and orders",
  "Automated insurance verification for your patients",
  "Less administrative work for you and your staff",
];

export const intakeBadges: readonly string[] = ["24/7 Expert Support", "Free Consultation"];

export const intakeExpectations: readonly { title: string; description: string }[] = [
  { title: "A reply within 24 hours", description: "A specialist contacts you by email or phone within one business day." },
  {
    title: "A free 30-minute consultation",
    description: "We review your practice's products, ordering and reimbursement questions with you.",
  },
  { title: "No obligation", description: "You get clear answers and a practical plan before you decide anything." },
];

// ---------------------------------------------------------------------------
// Partner callback (/partner-callback)

export const partnerBenefits: readonly { title: string; description: string; icon: IconName }[] = [
  {
    title: "Competitive Commission",
    description: "Earn commission on the accounts you open and grow, with clear reporting on every order.",
    icon: "dollar-sign",
  },
  {
    title: "Independent Schedule",
    description: "Work as a 1099 contractor and plan your own week across your territory.",
    icon: "settings",
  },
  {
    title: "Established Portfolio",
    description: "Represent amniotic allografts and wound-care biologics for a wide range of wound indications.",
    icon: "package",
  },
  {
    title: "Training & Support",
    description: "Get product education, reimbursement guidance and a support team available 24/7.",
    icon: "graduation-cap",
  },
];

export const partnerStats: readonly { value: string; label: string }[] = [
  { value: "15+", label: "Years of experience" },
  { value: "500+", label: "Facilities served" },
  { value: "98%", label: "Satisfaction" },
];

export const partnerSteps: readonly { title: string; description: string }[] = [
  {
    title: "Initial Call",
    description: "A partnership manager calls you at the time you chose to learn about your background and goals.",
  },
  {
    title: "Discovery Meeting",
    description: "Together we go through the product portfolio, your territory and the commission structure.",
  },
  {
    title: "Partnership Launch",
    description: "You receive onboarding, product training and the tools to start serving facilities.",
  },
];
