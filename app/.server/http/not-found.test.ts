import { describe, expect, it } from "vitest";
import { tableRoutes } from "../../../tests/e2e/support/route-table";
import { isDownloadDataPath } from "./not-found";

/** Resource routes (no page) of the console and the portal: downloads, exports and the status streams. */
const downloads = tableRoutes.filter((r) => /^\/(admin|members|partners|forms-library|education|brand)\//.test(r.path) && r.file.endsWith(".ts")).map((r) => r.path);
/** Pages of the console and the portal: their .data address is how the app loads their data, and must stay. */
const pages = tableRoutes.filter((r) => /^\/(admin|members|partners)(\/|$)/.test(r.path) && r.file.endsWith(".tsx")).map((r) => r.path);

/** Ways of writing one address that React Router matches to the same route. */
function variants(path: string): string[] {
  const title = path.replace(/\/(\w)/g, (_, c: string) => `/${c.toUpperCase()}`);
  const alternating = [...path].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");
  const escaped = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const escapedUpper = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [path, path.toUpperCase(), title, alternating, escaped, escapedUpper, `${path}/`, `${title}//`].map((p) => `${p}.data`);
}

describe("the .data address of a download or a stream", () => {
  it("covers every download and stream of the route table", () => {
    expect(downloads).toEqual(
      expect.arrayContaining([
        "/members/events",
        "/admin/events",
        "/admin/export/contact.csv",
        "/admin/files/00000000-0000-0000-0000-000000000000",
        "/members/ivrs/00000000-0000-0000-0000-000000000000/files/00000000-0000-0000-0000-000000000000",
        "/members/orders/00000000-0000-0000-0000-000000000000/invoice.pdf",
        "/admin/orders/00000000-0000-0000-0000-000000000000/packing-list.pdf",
      ]),
    );
  });

  it("is refused in every case and escaping React Router would match", () => {
    for (const path of downloads) for (const variant of variants(path)) expect(isDownloadDataPath(variant), variant).toBe(true);
    // The addresses of the finding, as they were sent.
    for (const path of [
      "/MEMBERS/ivrs/1/files/2.data",
      "/Members/orders/1/invoice.pdf.data",
      "/Admin/export/contact.csv.data",
      "/members/Events.data",
      "/Admin/Events.data",
    ]) {
      expect(isDownloadDataPath(path), path).toBe(true);
    }
  });

  it("leaves pages' data and the plain downloads alone", () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const path of pages) {
      expect(isDownloadDataPath(`${path}.data`), path).toBe(false);
      expect(isDownloadDataPath(`${path.toUpperCase()}.data`), path).toBe(false);
    }
    for (const path of downloads) expect(isDownloadDataPath(path), path).toBe(false);
    expect(isDownloadDataPath("/_root.data")).toBe(false);
    expect(isDownloadDataPath("/members/%E0%A4%A.data")).toBe(false);
  });
});
