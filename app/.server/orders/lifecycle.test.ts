import { describe, expect, it } from "vitest";
import { canTransitionOrder, ORDER_STATUSES, ORDER_TRANSITIONS, orderTransitionRefusal } from "~/lib/orders";
import { sourceFiles, tableWrites } from "../../../tests/support/source-graph";

describe("the order lifecycle", () => {
  it("is written only by orders/lifecycle.ts: no other code inserts an order or sets its status", () => {
    // Read with the TypeScript compiler: `.set({ updatedAt, status })`, a shorthand `status`, a spread or a
    // variable count as much as `.set({ status: ... })` (tests/support/fixtures/status-writers shows each).
    const writers = [...sourceFiles("app"), ...sourceFiles("scripts")].flatMap(tableWrites).filter((w) => w.table === "orders");
    expect([...new Set(writers.map((w) => w.file))]).toEqual(["app/.server/orders/lifecycle.ts"]);
    expect(writers.map((w) => w.what).sort()).toEqual(["insert", "status"]);
  });

  it("never lets a member do what staff may not (but place or set aside a suggested reorder, and approve or decline an order awaiting approval: the practice's alone), and lets nothing leave paid or cancelled", () => {
    for (const from of ORDER_STATUSES) {
      if (from === "suggested" || from === "awaiting_approval") continue;
      for (const to of ORDER_STATUSES) if (canTransitionOrder(from, to, "member")) expect(canTransitionOrder(from, to, "staff"), `${from} -> ${to}`).toBe(true);
    }
    expect(ORDER_TRANSITIONS.member.suggested).toEqual(["awaiting_approval", "submitted", "cancelled"]);
    expect(ORDER_TRANSITIONS.staff.suggested).toEqual([]);
    // Staff do not see an order awaiting its practice's approval, let alone move it.
    expect(ORDER_TRANSITIONS.member.awaiting_approval).toEqual(["submitted", "cancelled"]);
    expect(ORDER_TRANSITIONS.staff.awaiting_approval).toEqual([]);
    expect(ORDER_TRANSITIONS.staff.paid).toEqual([]);
    expect(ORDER_TRANSITIONS.staff.cancelled).toEqual([]);
    for (const status of ORDER_STATUSES) expect(canTransitionOrder(status, status, "staff")).toBe(false);
  });

  it("says why a change is refused, and tells a member how to cancel what is being prepared", () => {
    expect(orderTransitionRefusal("shipped", "cancelled", "staff")).toBe("An order that is Shipped cannot become Cancelled.");
    expect(orderTransitionRefusal("confirmed", "cancelled", "member")).toBe("An order that is Confirmed is being prepared: call or mail us to cancel it.");
  });
});
