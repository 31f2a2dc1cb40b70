import { type RouteConfig, index, route } from "@react-router/dev/routes";

// SPEC section 2, in its order.
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("services", "routes/services.tsx"),
  route("insurance", "routes/insurance.tsx"),
  route("support", "routes/support.tsx"),
  route("compliance", "routes/compliance.tsx"),
  route("ordering", "routes/ordering.tsx"),
  route("press", "routes/press.tsx"),
  route("intake", "routes/intake.tsx"),
  route("article/:id", "routes/article.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("careers", "routes/careers.tsx"),
  route("apply", "routes/apply.tsx"),
  route("partner-callback", "routes/partner-callback.tsx"),
  route("auth", "routes/auth.tsx"),
  route("members", "routes/members.tsx"),
  route("forms-library", "routes/forms-library.tsx"),
  route("education", "routes/education.tsx"),
  // Accounts
  route("sign-out", "routes/sign-out.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("set-password", "routes/set-password.tsx"),
  route("sign-in-link", "routes/sign-in-link.tsx"),
  // Staff console: every loader and action checks the role itself.
  route("admin", "routes/admin.tsx", [
    index("routes/admin-inbox.tsx"),
    route("submissions/:id", "routes/admin-submission.tsx"),
    route("outbox", "routes/admin-outbox.tsx"),
    route("users", "routes/admin-users.tsx"),
    route("audit", "routes/admin-audit.tsx"),
    // Any other console address: 404 inside the console's frame.
    route("*", "routes/admin-not-found.tsx"),
  ]),
  route("admin/files/:id", "routes/admin-file.ts"),
  route("admin/export/:file", "routes/admin-export.ts"),
  // Contact form of the landing page (#contact) posts here; no page of its own.
  route("contact", "routes/contact.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
