/** Every public route of SPEC section 2 with the heading a visitor sees first. */
export const publicPages = [
  { path: "/", heading: /limb salvage/i },
  { path: "/products", heading: /products/i },
  { path: "/services", heading: /services/i },
  { path: "/insurance", heading: /insurance verification/i },
  { path: "/support", heading: /support/i },
  { path: "/compliance", heading: /compliance/i },
  { path: "/ordering", heading: /ordering/i },
  { path: "/press", heading: /press|news/i },
  { path: "/intake", heading: /consultation/i },
  { path: "/article/1", heading: /amnio/i },
  { path: "/article/2", heading: /FDA/i },
  { path: "/terms-of-service", heading: /terms/i },
  { path: "/careers", heading: /careers|join/i },
  { path: "/apply", heading: /application|apply/i },
  { path: "/partner-callback", heading: /partner/i },
  { path: "/auth", heading: /Members Portal/ },
] as const;
