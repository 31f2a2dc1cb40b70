import { type RouteConfig, index, route } from "@react-router/dev/routes";

// SPEC section 2, in its order.
export default [
  index("routes/public/home.tsx"),
  route("products", "routes/public/products.tsx"),
  route("services", "routes/public/services.tsx"),
  route("insurance", "routes/public/insurance.tsx"),
  route("support", "routes/public/support.tsx"),
  route("compliance", "routes/public/compliance.tsx"),
  route("ordering", "routes/public/ordering.tsx"),
  route("press", "routes/public/press.tsx"),
  route("intake", "routes/public/intake.tsx"),
  route("article/:id", "routes/public/article.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("careers", "routes/public/careers.tsx"),
  route("apply", "routes/public/apply.tsx"),
  route("partner-callback", "routes/public/partner-callback.tsx"),
  route("auth", "routes/auth/auth.tsx"),
  // Clinical Portal: every loader, action and resource route scopes by the member's practice.
  route("members", "routes/portal/layout.tsx", [
    index("routes/portal/board.tsx"),
    route("ivrs/new", "routes/portal/ivr-form.tsx"),
    route("ivrs/:id", "routes/portal/ivr.tsx"),
    route("orders", "routes/portal/orders.tsx"),
    route("invoices", "routes/portal/invoices.tsx"),
  ]),
  route("members/events", "routes/portal/events.ts"),
  route("members/ivrs/:id/files/:fileId", "routes/portal/ivr-file.ts"),
  route("members/practice", "routes/portal/practice.tsx"),
  route("members/patients", "routes/portal/patients.tsx"),
  route("forms-library", "routes/public/forms-library.tsx"),
  route("education", "routes/public/education.tsx"),
  // Accounts
  route("sign-out", "routes/auth/sign-out.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("set-password", "routes/auth/set-password.tsx"),
  route("sign-in-link", "routes/auth/sign-in-link.tsx"),
  // Staff console: every loader and action checks the role itself.
  route("admin", "routes/console/layout.tsx", [
    index("routes/console/inbox.tsx"),
    route("submissions/:id", "routes/console/submission.tsx"),
    route("outbox", "routes/console/outbox.tsx"),
    route("users", "routes/console/users.tsx"),
    route("audit", "routes/console/audit.tsx"),
    route("ivrs", "routes/console/ivrs.tsx"),
    route("ivrs/:id", "routes/console/ivrs-detail.tsx"),
    route("practices", "routes/console/practices.tsx"),
    route("practices/:id", "routes/console/practices-detail.tsx"),
    // Any other console address: 404 inside the console's frame.
    route("*", "routes/console/not-found.tsx"),
  ]),
  route("admin/files/:id", "routes/console/file.ts"),
  route("admin/export/:file", "routes/console/export.ts"),
  route("admin/ivrs/:id/files/:fileId", "routes/console/ivrs-file.ts"),
  // Contact form of the landing page (#contact) posts here; no page of its own.
  route("contact", "routes/public/contact.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
