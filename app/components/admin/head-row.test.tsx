import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeadRow, Th } from "./data-table";

describe("HeadRow", () => {
  it("renders the same header row as the columns written out", () => {
    const shown = true;
    const hidden = false;
    const written = renderToStaticMarkup(
      <table>
        <thead>
          <tr>
            <Th>Name</Th>
            {shown ? <Th>Email</Th> : null}
            {hidden ? <Th>PTAN</Th> : null}
            <Th className="text-right">Amount</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
      </table>,
    );
    const listed = renderToStaticMarkup(
      <table>
        <HeadRow
          columns={["Name", shown ? "Email" : null, hidden ? "PTAN" : null, <Th className="text-right">Amount</Th>, { srOnly: "Actions" }]}
        />
      </table>,
    );
    expect(listed).toBe(written);
  });
});
