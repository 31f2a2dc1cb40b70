import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Grouped by audience: the public site, accounts, the Clinical Portal (members), the staff console (admin).
// Folders map to addresses so: routes/public/ serves the public site, routes/auth/ the accounts pages,
// routes/portal/ serves /members/*, routes/console/ serves /admin/*. A list page is named after its address
// (orders.tsx, ivrs.tsx), a record's page adds "-detail" (orders-detail.tsx), the form for a
// new one "-new" (orders-new.tsx), a download what it answers (orders-invoice.ts), on both sides.
export default [
  // Public site: SPEC section 2, in its order.
  index("routes/public/home.tsx"),
  route("products", "routes/public/products.tsx"),
  route("services", "routes/public/services.tsx"),
  route("insurance", "routes/public/insurance.tsx"),
  route("support", "routes/public/support.tsx"),
  // Live chat with staff (a visitor's; a member's is /members/chat), and one chat's live events.
  route("support/chat", "routes/public/support-chat.tsx"),
  route("support/chat/events", "routes/public/support-chat-events.ts"),
  route("compliance", "routes/public/compliance.tsx"),
  route("ordering", "routes/public/ordering.tsx"),
  // The live demo of the Clinical Portal: opens it on the demo practice (GET), or leaves it (POST intent=leave).
  route("demo", "routes/public/demo.tsx"),
  route("press", "routes/public/press.tsx"),
  route("intake", "routes/public/intake.tsx"),
  route("article/:id", "routes/public/article.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("careers", "routes/public/careers.tsx"),
  route("apply", "routes/public/apply.tsx"),
  route("partner-callback", "routes/public/partner-callback.tsx"),
  // /ordering's "Request Portal Access": a practice asks for the Clinical Portal.
  route("request-access", "routes/public/request-access.tsx"),
  // Contact form of the landing page (#contact) posts here; no page of its own.
  route("contact", "routes/public/contact.ts"),
  // A sales partner's referral link: their landing page, which remembers the code (a cookie).
  route("r/:code", "routes/public/referral.tsx"),
  // A practice's or a partner's logo (portal header, referral page, mails).
  route("brand/:id/logo", "routes/public/brand-logo.ts"),
  // Twilio's signed webhooks: replies STOP, START, HELP and delivery reports of texts.
  route("sms/webhook", "routes/public/sms-webhook.ts"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  // Accounts
  route("auth", "routes/auth/auth.tsx"),
  route("sign-out", "routes/auth/sign-out.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("set-password", "routes/auth/set-password.tsx"),
  route("sign-in-link", "routes/auth/sign-in-link.tsx"),
  // Two-factor sign-in: the code after the password, the app's set-up, and the person's sessions.
  route("sign-in/two-factor", "routes/auth/two-factor.tsx"),
  route("account/two-factor", "routes/auth/two-factor-setup.tsx"),
  route("account", "routes/auth/account.tsx"),
  route("account/passkeys", "routes/auth/passkeys.ts"),
  // Which events a member hears of, by mail and by text, and their mobile number.
  route("account/notifications", "routes/auth/notifications.tsx"),
  route("sign-in/passkey", "routes/auth/passkey-sign-in.ts"),
  // A page's session: how long is left (GET) and the keep-alive (POST).
  route("session", "routes/auth/session.ts"),
  // Clinical Portal: every loader, action and resource route scopes by the member's practice.
  route("members", "routes/portal/layout.tsx", [
    index("routes/portal/board.tsx"),
    route("ivrs/new", "routes/portal/ivrs-new.tsx"),
    route("ivrs/:id", "routes/portal/ivrs-detail.tsx"),
    route("orders", "routes/portal/orders.tsx"),
    route("orders/new", "routes/portal/orders-new.tsx"),
    route("orders/:id", "routes/portal/orders-detail.tsx"),
    route("invoices", "routes/portal/invoices.tsx"),
    route("recalls", "routes/portal/recalls.tsx"),
  ]),
  route("members/events", "routes/portal/events.ts"),
  route("members/ivrs/:id/files/:fileId", "routes/portal/ivrs-file.ts"),
  route("members/ivrs/:id/messages/:fileId", "routes/portal/messages-file.ts", { id: "routes/portal/ivrs-messages-file" }),
  route("members/orders/:id/messages/:fileId", "routes/portal/messages-file.ts", { id: "routes/portal/orders-messages-file" }),
  route("members/orders/:id/packing-list.pdf", "routes/portal/orders-packing-list.ts"),
  route("members/orders/:id/invoice.pdf", "routes/portal/orders-invoice.ts"),
  route("members/applications/:id/record.pdf", "routes/portal/applications-record.ts"),
  route("members/practice", "routes/portal/practice.tsx"),
  route("members/chat", "routes/portal/chat.tsx"),
  route("members/patients", "routes/portal/patients.tsx"),
  route("members/patients/:id", "routes/portal/patients-detail.tsx"),
  route("members/inventory", "routes/portal/inventory.tsx"),
  route("members/inventory/apply", "routes/portal/inventory-apply.tsx"),
  route("members/applications/:id", "routes/portal/applications-detail.tsx"),
  // Signed-in pages of the portal at the addresses the original site gave them.
  route("forms-library", "routes/portal/forms-library.tsx"),
  route("education", "routes/portal/education.tsx"),
  // A library document's current file (the support page's guides are public), and an Education resource's file.
  route("forms-library/:id/:file", "routes/portal/forms-library-file.ts"),
  route("education/:id/:file", "routes/portal/education-file.ts"),
  // Staff console: every loader and action checks the role itself.
  route("admin", "routes/console/layout.tsx", [
    index("routes/console/inbox.tsx"),
    route("submissions/:id", "routes/console/submissions-detail.tsx"),
    route("outbox", "routes/console/outbox.tsx"),
    route("texts", "routes/console/texts.tsx"),
    route("jobs", "routes/console/jobs.tsx"),
    route("users", "routes/console/users.tsx"),
    route("audit", "routes/console/audit.tsx"),
    route("ivrs", "routes/console/ivrs.tsx"),
    route("ivrs/:id", "routes/console/ivrs-detail.tsx"),
    route("orders", "routes/console/orders.tsx"),
    route("orders/:id", "routes/console/orders-detail.tsx"),
    route("inventory", "routes/console/inventory.tsx"),
    route("practices", "routes/console/practices.tsx"),
    route("access-requests", "routes/console/access-requests.tsx"),
    route("access-requests/:id", "routes/console/access-requests-detail.tsx"),
    route("practices/:id", "routes/console/practices-detail.tsx"),
    route("profile", "routes/console/profile.tsx"),
    route("patients/:id", "routes/console/patients-detail.tsx"),
    route("recalls", "routes/console/recalls.tsx"),
    route("recalls/:id", "routes/console/recalls-detail.tsx"),
    route("partners", "routes/console/partners.tsx"),
    route("partners/:id", "routes/console/partners-detail.tsx"),
    route("partners/:id/statements/:month", "routes/console/partners-statement.tsx"),
    route("library", "routes/console/library.tsx"),
    route("chats", "routes/console/chats.tsx"),
    route("chats/:id", "routes/console/chats-detail.tsx"),
    // Any other console address: 404 inside the console's frame.
    route("*", "routes/console/not-found.tsx"),
  ]),
  route("admin/files/:id", "routes/console/file.ts"),
  route("admin/events", "routes/console/events.ts"),
  route("admin/export/:file", "routes/console/export.ts"),
  route("admin/export/recalls/:file", "routes/console/recalls-export.ts"),
  route("admin/ivrs/:id/files/:fileId", "routes/console/ivrs-file.ts"),
  route("admin/ivrs/:id/messages/:fileId", "routes/console/messages-file.ts", { id: "routes/console/ivrs-messages-file" }),
  route("admin/orders/:id/messages/:fileId", "routes/console/messages-file.ts", { id: "routes/console/orders-messages-file" }),
  route("admin/orders/:id/packing-list.pdf", "routes/console/orders-packing-list.ts"),
  route("admin/orders/:id/invoice.pdf", "routes/console/orders-invoice.ts"),
  route("admin/partners/:id/statements/:month/:file", "routes/console/partners-statement-file.ts"),
  route("admin/library/files/:id", "routes/console/library-file.ts"),
  // A sales partner's area: their referral link, their practices' pipelines (no patient data), their statements.
  route("partners", "routes/partners/layout.tsx", [
    index("routes/partners/overview.tsx"),
    route("practices", "routes/partners/practices.tsx"),
    route("practices/:id", "routes/partners/practices-detail.tsx"),
    route("statements", "routes/partners/statements.tsx"),
    route("statements/:month", "routes/partners/statements-detail.tsx"),
    // Their logo and colour: the referral page's, and the "brought to you by" mark's.
    route("branding", "routes/partners/branding.tsx"),
  ]),
  route("partners/statements/:month/:file", "routes/partners/statements-file.ts"),
  // Any other address: the public site's 404.
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
