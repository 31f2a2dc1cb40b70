import { expect, test } from "@playwright/test";
import { siteOrigin } from "./support/page";
import { consoleRoutes, portalRoutes } from "./support/route-table";
import { useSession } from "./support/sessions";

// The addresses come from the route table (app/routes.ts), so a new console or
// portal page is checked here without anyone listing it.
const ZERO_ID = "00000000-0000-0000-0000-000000000000";
const getPaths = [...new Set([...consoleRoutes, ...portalRoutes].map((r) => r.path))];
const consoleGetPaths = [...new Set(consoleRoutes.map((r) => r.path))];

test("the route table's console and portal addresses are all walked", () => {
  // The addresses this check listed by hand before it read the route table, and the file download it missed.
  expect(getPaths).toEqual(
    expect.arrayContaining([
      "/members",
      "/admin",
      "/admin/outbox",
      "/admin/users",
      "/admin/audit",
      "/admin/export/contact.csv",
      `/admin/submissions/${ZERO_ID}`,
      `/admin/files/${ZERO_ID}`,
    ]),
  );
});

test("a visitor without a session is sent to sign-in from every console and portal address", async ({ request }) => {
  for (const path of getPaths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    // The console's and the portal's home need no return address; any other page is named so sign-in comes back to it.
    const signInAt = path === "/members" || path === "/admin" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: path })}`;
    expect(response.headers().location, path).toBe(signInAt);
  }
});

test("a member gets 403 from every staff page and action", async ({ page }) => {
  await useSession(page, "member");
  for (const path of consoleGetPaths) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
  const posts = [...new Map(consoleRoutes.map((r) => [r.postPath, r])).values()];
  expect(posts.filter((r) => r.hasAction).map((r) => r.postPath)).toEqual(
    expect.arrayContaining(["/admin/outbox", "/admin/users", `/admin/submissions/${ZERO_ID}`]),
  );
  for (const { postPath, hasAction } of posts) {
    const response = await page.request.post(postPath, { form: { intent: "retry", mailId: "x" }, headers: siteOrigin(), maxRedirects: 0 });
    // A route without an action takes no post at all.
    expect(response.status(), `POST ${postPath}`).toBe(hasAction ? 403 : 405);
  }
  const visit = await page.goto("/admin");
  expect(visit?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
