import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FacilitiesTable, type FacilityRow } from "./facilities-table";
import { ProvidersTable, type ProviderRow } from "./providers-table";

const facility: FacilityRow = {
  id: "f1",
  name: "Bayside North",
  addressLine1: "1 Main St",
  addressLine2: null,
  city: "Austin",
  state: "TX",
  zip: "78701",
  phone: "512-555-0100",
  groupNpi: null,
  ptan: "PT123",
  placeOfService: "11",
};
const provider: ProviderRow = { id: "p1", firstName: "Ana", lastName: "Ruiz", credentials: "DPM", specialty: null, npi: "1234567893", ptan: null };

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const headers = (html: string) => [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));

describe("the practice tables", () => {
  it("show staff a facility's PTAN, and a member an Edit link instead", () => {
    const staff = render(<FacilitiesTable facilities={[facility]} label="Facilities of the practice" empty="None" withPtan />);
    expect(headers(staff)).toEqual(["Name", "Address", "Phone", "Group NPI", "PTAN", "Place of service"]);
    expect(staff).toContain("1 Main St, Austin, TX 78701");
    expect(staff).toContain("PT123");
    expect(staff).not.toContain("Edit");
    const member = render(<FacilitiesTable facilities={[facility]} label="Your facilities" empty="None" editHref={(f) => `/members/practice?facility=${f.id}`} />);
    expect(headers(member)).toEqual(["Name", "Address", "Phone", "Group NPI", "Place of service", "Edit"]);
    expect(member).toContain('href="/members/practice?facility=f1"');
    expect(member).toContain('<span class="sr-only"> Bayside North</span>');
  });

  it("span the empty row over every column each page shows", () => {
    expect(render(<FacilitiesTable facilities={[]} label="Facilities of the practice" empty="No facilities yet." withPtan />)).toContain('colSpan="6"');
    expect(render(<FacilitiesTable facilities={[]} label="Your facilities" empty="No facilities yet." editHref={() => "/"} />)).toContain('colSpan="6"');
    expect(render(<ProvidersTable providers={[]} label="Providers of the practice" empty="No providers yet." />)).toContain('colSpan="4"');
    expect(render(<ProvidersTable providers={[]} label="Your providers" empty="No providers yet." editHref={() => "/"} />)).toContain('colSpan="5"');
  });

  it("name a provider with their credentials", () => {
    const html = render(<ProvidersTable providers={[provider]} label="Your providers" empty="None" editHref={(p) => `/members/practice?provider=${p.id}`} />);
    expect(headers(html)).toEqual(["Name", "Specialty", "NPI", "PTAN", "Edit"]);
    expect(html).toContain(">Ana Ruiz, DPM<");
    expect(html).toContain('href="/members/practice?provider=p1"');
  });
});
