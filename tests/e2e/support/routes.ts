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
  { path: "/request-access", heading: /Request Portal Access/ },
  { path: "/support/chat", heading: /Live Chat/ },
  { path: "/auth", heading: /Members Portal/ },
] as const;

/**
 * The pages sent without JavaScript (their routes' handle says hydrate: false),
 * with the status each answers: everything on them is links and `<details>`.
 */
export const pagesWithoutScripts = [
  { path: "/products", status: 200 },
  { path: "/services", status: 200 },
  { path: "/insurance", status: 200 },
  { path: "/compliance", status: 200 },
  { path: "/ordering", status: 200 },
  { path: "/press", status: 200 },
  { path: "/press?category=Regulatory", status: 200 },
  { path: "/article/1", status: 200 },
  { path: "/article/2", status: 200 },
  { path: "/article/3", status: 404 },
  { path: "/careers", status: 200 },
  { path: "/terms-of-service", status: 200 },
  { path: "/terms-of-service?tab=privacy", status: 200 },
  { path: "/support", status: 200 },
  { path: "/no-such-page", status: 404 },
] as const;
