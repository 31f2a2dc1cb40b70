/** Header links, SPEC section 2 "Shared header", in its order. */
export const headerLinks = [
  { to: "/products", label: "Products" },
  { to: "/services", label: "Services" },
  { to: "/ordering", label: "Ordering & Portal" },
  { to: "/insurance", label: "Insurance" },
  { to: "/compliance", label: "Compliance" },
  { to: "/#about", label: "About" },
  { to: "/#contact", label: "Contact" },
  { to: "/auth", label: "Members" },
] as const;

/**
 * Footer groups, SPEC section 2 "Shared footer". The original's placeholder
 * links point at the closest real page here.
 */
export const footerGroups = [
  {
    title: "Services",
    links: [
      { to: "/insurance", label: "Insurance Verification" },
      { to: "/ordering", label: "Online Ordering" },
      { to: "/compliance", label: "Compliance Support" },
      { to: "/products", label: "Wound Care Products" },
      { to: "/services", label: "Billing & Coding" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/#about", label: "About Us" },
      { to: "/careers", label: "Careers" },
      { to: "/press", label: "Press & News" },
      { to: "/intake", label: "Free Consultation" },
      { to: "/#contact", label: "Contact Us" },
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/support", label: "Support Center" },
      { to: "/terms-of-service", label: "Terms of Service" },
      { to: "/compliance", label: "Compliance" },
      { to: "/terms-of-service?tab=privacy", label: "Privacy Policy" },
    ],
  },
] as const;

export const footerBottomLinks = [
  { to: "/terms-of-service?tab=privacy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/compliance", label: "HIPAA Compliance" },
] as const;
