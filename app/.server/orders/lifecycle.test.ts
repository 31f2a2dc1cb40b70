import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sources } from "../../../tests/support/sources";
import { canTransitionOrder, ORDER_STATUSES, ORDER_TRANSITIONS, orderTransitionRefusal } from "~/lib/orders";

describe("the order lifecycle", () => {
  it("is written only by orders/lifecycle.ts: no other code inserts an order or sets its status", () => {
    const writers = sources("app", "scripts").filter((file) => {
      const source = readFileSync(file, "utf8");
      return /insert\(orders\)/.test(source) || /update\(orders\)\s*\.set\(\{[^}]*\bstatus\b/.test(source);
    });
    expect(writers).toEqual([join("app", ".server", "orders", "lifecycle.ts")]);
  });

  it("never lets a member do what staff may not, and lets nothing leave paid or cancelled", () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) if (canTransitionOrder(from, to, "member")) expect(canTransitionOrder(from, to, "staff"), `${from} -> ${to}`).toBe(true);
    expect(ORDER_TRANSITIONS.staff.paid).toEqual([]);
    expect(ORDER_TRANSITIONS.staff.cancelled).toEqual([]);
    for (const status of ORDER_STATUSES) expect(canTransitionOrder(status, status, "staff")).toBe(false);
  });

  it("says why a change is refused, and tells a member how to cancel what is being prepared", () => {
    expect(orderTransitionRefusal("shipped", "cancelled", "staff")).toBe("An order that is Shipped cannot become Cancelled.");
    expect(orderTransitionRefusal("confirmed", "cancelled", "member")).toBe("An order that is Confirmed is being prepared: call or mail us to cancel it.");
  });
});
