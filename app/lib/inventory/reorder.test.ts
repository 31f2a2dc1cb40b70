import { describe, expect, it } from "vitest";
import type { GraftSize } from "~/lib/clinical/graft-sizes";
import { reorderPlan, type ParLevel, type ReorderInput, type StockUnit } from "./reorder";
import { expiresSoon, isUsable } from "./units";

const TODAY = "2026-11-20";
const small: GraftSize = { lengthCm: 2, widthCm: 2 };
const large: GraftSize = { lengthCm: 4, widthCm: 4 };

const unit = (over: Partial<StockUnit> = {}): StockUnit => ({
  facilityId: "north",
  productSlug: "amnioamp-mp",
  size: small,
  expiresOn: "2027-06-30",
  disposition: null,
  quarantined: false,
  ...over,
});
const par = (par: number, over: Partial<ParLevel> = {}): ParLevel => ({ facilityId: "north", productSlug: "amnioamp-mp", size: small, par, ...over });
const plan = (over: Partial<ReorderInput>) =>
  reorderPlan({ parLevels: [], units: [], today: TODAY, prices: [], monthlyLimitCents: null, spentThisMonthCents: 0, ...over });

describe("usable units", () => {
  it("are on the shelf, not quarantined, and not past their expiry date (the expiry day itself still counts)", () => {
    expect(isUsable(unit(), TODAY)).toBe(true);
    expect(isUsable(unit({ expiresOn: TODAY }), TODAY)).toBe(true);
    expect(isUsable(unit({ expiresOn: "2026-11-19" }), TODAY)).toBe(false);
    expect(isUsable(unit({ quarantined: true }), TODAY)).toBe(false);
    expect(isUsable(unit({ disposition: "applied" }), TODAY)).toBe(false);
  });
  it("expire soon within 30 days from today, both days included", () => {
    expect(expiresSoon(unit({ expiresOn: "2026-12-20" }), TODAY)).toBe(true);
    expect(expiresSoon(unit({ expiresOn: "2026-12-21" }), TODAY)).toBe(false);
    expect(expiresSoon(unit({ expiresOn: "2026-11-19" }), TODAY)).toBe(false);
  });
});

describe("reorder lines", () => {
  it("order the difference to par, counting only usable units of that facility, product and size", () => {
    const units = [
      unit(),
      unit({ expiresOn: TODAY }),
      unit({ expiresOn: "2026-11-19" }),
      unit({ quarantined: true }),
      unit({ disposition: "applied" }),
      unit({ facilityId: "south" }),
      unit({ size: large }),
      unit({ productSlug: "derm-maxx" }),
    ];
    const { lines } = plan({ parLevels: [par(5)], units });
    expect(lines).toEqual([
      { facilityId: "north", productSlug: "amnioamp-mp", size: small, par: 5, usable: 2, onOrder: 0, quantity: 3, unitPriceCents: null, automatic: 0 },
    ]);
  });

  it("order nothing at or above par, and count units on order toward it", () => {
    expect(plan({ parLevels: [par(2)], units: [unit(), unit()] }).lines).toEqual([]);
    expect(plan({ parLevels: [par(0)] }).lines).toEqual([]);
    const onOrder = [{ facilityId: "north", productSlug: "amnioamp-mp", size: small, quantity: 2 }];
    expect(plan({ parLevels: [par(5)], units: [unit()], onOrder }).lines[0]).toMatchObject({ usable: 1, onOrder: 2, quantity: 2 });
    expect(plan({ parLevels: [par(3)], units: [unit()], onOrder }).lines).toEqual([]);
  });

  it("list lines by facility, product, then size", () => {
    const parLevels = [par(1, { facilityId: "south" }), par(1, { size: large }), par(1, { productSlug: "derm-maxx" }), par(1)];
    expect(plan({ parLevels }).lines.map((l) => `${l.facilityId} ${l.productSlug} ${l.size.lengthCm}`)).toEqual([
      "north amnioamp-mp 2",
      "north amnioamp-mp 4",
      "north derm-maxx 2",
      "south amnioamp-mp 2",
    ]);
  });
});

describe("the monthly amount", () => {
  const prices = [
    { productSlug: "amnioamp-mp", size: small, unitPriceCents: 10_000 },
    { productSlug: "amnioamp-mp", size: large, unitPriceCents: 30_000 },
  ];
  const parLevels = [par(4), par(2, { size: large })];

  it("places everything when the amount left covers the draft", () => {
    const result = plan({ parLevels, prices, monthlyLimitCents: 200_000, spentThisMonthCents: 50_000 });
    expect(result.lines.map((l) => [l.quantity, l.automatic])).toEqual([[4, 4], [2, 2]]);
    expect(result).toMatchObject({ draftCents: 100_000, automaticCents: 100_000, remainingCents: 50_000, unpriced: 0 });
  });

  it("tops up the line furthest below par first, one unit at a time, within what is left", () => {
    // 70,000 left. Small 0/4 and large 0/2 tie: small (listed first), 60,000 left; large 0/2 < small 1/4: large,
    // 30,000; small 1/4: small, 20,000; small 2/4 ties large 1/2: small, 10,000; large no longer fits: small, 0.
    const result = plan({ parLevels, prices, monthlyLimitCents: 100_000, spentThisMonthCents: 30_000 });
    expect(result.lines.map((l) => l.automatic)).toEqual([4, 1]);
    expect(result).toMatchObject({ draftCents: 100_000, automaticCents: 70_000, remainingCents: 0 });
    // With 50,000 left the large unit still comes second, and the rest goes to the small line.
    const tighter = plan({ parLevels, prices, monthlyLimitCents: 50_000, spentThisMonthCents: 0 });
    expect(tighter.lines.map((l) => l.automatic)).toEqual([2, 1]);
  });

  it("still places a cheaper unit that fits when a dearer one no longer does", () => {
    const result = plan({ parLevels: [par(4), par(1, { size: large })], units: [unit(), unit()], prices, monthlyLimitCents: 25_000, spentThisMonthCents: 0 });
    // Large is furthest below par (0/1) but costs 30,000; small units fit twice.
    expect(result.lines.map((l) => l.automatic)).toEqual([2, 0]);
    expect(result.remainingCents).toBe(5_000);
  });

  it("places nothing once the month's amount is spent, or when no amount is set", () => {
    expect(plan({ parLevels, prices, monthlyLimitCents: 100_000, spentThisMonthCents: 120_000 })).toMatchObject({
      automaticCents: 0,
      remainingCents: 0,
    });
    const noAmount = plan({ parLevels, prices, monthlyLimitCents: null, spentThisMonthCents: 0 });
    expect(noAmount.lines.map((l) => l.automatic)).toEqual([0, 0]);
    expect(noAmount).toMatchObject({ draftCents: 100_000, remainingCents: null });
  });

  it("drafts a line without a price but never places it automatically", () => {
    const result = plan({ parLevels: [...parLevels, par(1, { productSlug: "derm-maxx" })], prices, monthlyLimitCents: 1_000_000, spentThisMonthCents: 0 });
    expect(result.lines.map((l) => [l.productSlug, l.unitPriceCents, l.automatic])).toEqual([
      ["amnioamp-mp", 10_000, 4],
      ["amnioamp-mp", 30_000, 2],
      ["derm-maxx", null, 0],
    ]);
    expect(result).toMatchObject({ unpriced: 1, draftCents: 100_000, automaticCents: 100_000 });
  });
});
