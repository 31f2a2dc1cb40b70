import { describe, expect, it } from "vitest";
import { products } from "~/content/products";
import {
  coveringSet,
  type GraftSize,
  MAX_COVERING_AREA_CM2,
  overOrderWarning,
  parseSizeKey,
  type SizeLine,
  sizeArea,
  sizeKey,
  sizeLabel,
  totalArea,
} from "./graft-sizes";

const cm = (lengthCm: number, widthCm: number): GraftSize => ({ lengthCm, widthCm });
/** "4x4:1 2x2:2": a set of lines, written the way the tests read. */
const text = (lines: readonly SizeLine[]) => lines.map((line) => `${sizeKey(line.size)}:${line.quantity}`).join(" ");

// AmnioAmp-MP's sizes: 4, 6, 8, 16, 24, 32 cm².
const amnioAmp = [cm(2, 2), cm(2, 3), cm(2, 4), cm(4, 4), cm(4, 6), cm(4, 8)];

describe("size keys and labels", () => {
  it("writes and reads a size's key", () => {
    expect(sizeKey(cm(2, 3))).toBe("2x3");
    expect(parseSizeKey("2x3")).toEqual(cm(2, 3));
    expect(parseSizeKey("10x10")).toEqual(cm(10, 10));
    expect(parseSizeKey("1.5x2")).toEqual(cm(1.5, 2));
  });
  it("round-trips every catalogue size", () => {
    for (const size of products.flatMap((p) => p.sizes)) expect(parseSizeKey(sizeKey(size))).toEqual(size);
  });
  it.each(["", "2x", "x3", "2X3", "2×3", " 2x3", "2x3 ", "02x3", "2.0x3", "0x3", "2x0", "-2x3", "2x3x4", "1e1x2", "2,5x3"])(
    "refuses %j",
    (key) => expect(parseSizeKey(key)).toBeNull(),
  );
  it("labels a size in cm with a multiplication sign", () => {
    expect(sizeLabel(cm(2, 3))).toBe("2 × 3 cm");
    expect(sizeLabel(cm(10, 10))).toBe("10 \u00d7 10 cm");
  });
  it("computes areas without float noise", () => {
    expect(sizeArea(cm(4, 8))).toBe(32);
    expect(sizeArea(cm(1.1, 1.1))).toBe(1.21);
  });
});

describe("total area", () => {
  it("adds area × quantity", () => {
    expect(totalArea([{ size: cm(4, 4), quantity: 1 }, { size: cm(2, 3), quantity: 2 }])).toBe(28);
  });
  it("counts nothing for no lines, or lines without a positive quantity", () => {
    expect(totalArea([])).toBe(0);
    expect(totalArea([{ size: cm(4, 4), quantity: 0 }, { size: cm(2, 2), quantity: -1 }])).toBe(0);
  });
  it("rounds to two decimals", () => {
    expect(totalArea([{ size: cm(1.1, 1.1), quantity: 3 }])).toBe(3.63);
  });
});

describe("covering set", () => {
  it("takes the least area, not the fewest pieces", () => {
    // 13 cm² with 4, 6 and 16 cm²: 6 + 4 + 4 = 14 beats a single 16.
    const lines = coveringSet([cm(2, 2), cm(2, 3), cm(4, 4)], 13);
    expect(text(lines)).toBe("2x3:1 2x2:2");
    expect(totalArea(lines)).toBe(14);
  });
  it("takes the fewest pieces when areas tie, then the larger pieces", () => {
    // 12 cm²: 8 + 4, 6 + 6 and 4 + 4 + 4 all make 12; two pieces beat three, and 8 + 4 has the larger piece.
    expect(text(coveringSet(amnioAmp, 12))).toBe("2x4:1 2x2:1");
    // 16 cm²: one 4 × 4 rather than 8 + 8, 4 × 2 × 2 …
    expect(text(coveringSet(amnioAmp, 16))).toBe("4x4:1");
  });
  it("takes a single piece for a wound that is exactly one size", () => {
    expect(text(coveringSet(amnioAmp, 24))).toBe("4x6:1");
    expect(text(coveringSet(amnioAmp, 4))).toBe("2x2:1");
  });
  it("covers a fractional area by its ceiling", () => {
    // A 5.3 × 2.1 cm wound is 11.13 cm²: the target is 12, made as 8 + 4.
    expect(text(coveringSet(amnioAmp, 11.13))).toBe("2x4:1 2x2:1");
    // Float noise does not push a whole area up to the next cm²: 4.4 × 12.5 is 55.00000000000001.
    const membraneWrap = products.find((p) => p.slug === "membrane-wrap")!.sizes;
    expect(text(coveringSet(membraneWrap, 4.4 * 12.5))).toBe("6x8:1 2x3:1 1x1:1");
    // 16.01 cm² needs 17, which no set makes (every area is even): 8 + 6 + 4 = 18 beats 16 + 4 = 20.
    expect(text(coveringSet(amnioAmp, 16.01))).toBe("2x4:1 2x3:1 2x2:1");
  });
  it("covers a wound smaller than the smallest size with that size", () => {
    expect(text(coveringSet(amnioAmp, 0.5))).toBe("2x2:1");
  });
  it("covers a large wound", () => {
    // 100 cm²: at least four pieces (3 × 32 = 96 < 100); 32 + 32 + 32 + 4 is exactly 100.
    expect(text(coveringSet(amnioAmp, 100))).toBe("4x8:3 2x2:1");
  });
  it("gives nothing for no area, no sizes or absurd input", () => {
    expect(coveringSet(amnioAmp, 0)).toEqual([]);
    expect(coveringSet(amnioAmp, -3)).toEqual([]);
    expect(coveringSet(amnioAmp, Number.NaN)).toEqual([]);
    expect(coveringSet(amnioAmp, Number.POSITIVE_INFINITY)).toEqual([]);
    expect(coveringSet([], 12)).toEqual([]);
    expect(coveringSet(amnioAmp, MAX_COVERING_AREA_CM2 + 1)).toEqual([]);
    expect(totalArea(coveringSet(amnioAmp, MAX_COVERING_AREA_CM2))).toBe(MAX_COVERING_AREA_CM2);
  });
  it("leaves out sizes without a whole positive area, and uses the first of two sizes with one area", () => {
    expect(text(coveringSet([cm(1.5, 1), cm(0, 4), cm(2, 2)], 3))).toBe("2x2:1");
    expect(text(coveringSet([cm(1, 4), cm(2, 2)], 4))).toBe("1x4:1");
  });
  it("lists the largest size first, one line per size, quantities above zero", () => {
    const lines = coveringSet([cm(2, 2), cm(4, 8), cm(2, 3)], 45);
    expect(lines.map((l) => sizeArea(l.size))).toEqual([...lines.map((l) => sizeArea(l.size))].sort((a, b) => b - a));
    expect(new Set(lines.map((l) => sizeKey(l.size))).size).toBe(lines.length);
    expect(lines.every((l) => Number.isInteger(l.quantity) && l.quantity > 0)).toBe(true);
  });

  /** Is `a` better than `b`: less area, then fewer pieces, then the larger pieces (both largest first). */
  function better(a: readonly number[], b: readonly number[]): boolean {
    const sa = a.reduce((s, x) => s + x, 0);
    const sb = b.reduce((s, x) => s + x, 0);
    if (sa !== sb) return sa < sb;
    if (a.length !== b.length) return a.length < b.length;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
    return false;
  }
  /**
   * The best set by brute force: every multiset of `areas` (largest first) that
   * reaches `target` with its last piece. A best set always does: without its
   * smallest piece it would no longer cover, or it would not be the least.
   */
  function bruteForce(areas: readonly number[], target: number): number[] {
    let best: number[] | undefined;
    const taken: number[] = [];
    const walk = (from: number, sum: number) => {
      if (sum >= target) {
        if (!best || better(taken, best)) best = [...taken];
        return;
      }
      for (let i = from; i < areas.length; i++) {
        taken.push(areas[i]!);
        walk(i, sum + areas[i]!);
        taken.pop();
      }
    };
    walk(0, 0);
    return best ?? [];
  }
  it.each(products.filter((p) => p.sizes.length > 0).map((p) => [p.name, p.sizes] as const))(
    "agrees with a brute-force search for %s, 1 to 60 cm²",
    (_name, sizes) => {
      const areas = [...new Set(sizes.map(sizeArea))].sort((a, b) => b - a);
      for (let target = 1; target <= 60; target++) {
        const got = coveringSet(sizes, target).flatMap((line) => Array<number>(line.quantity).fill(sizeArea(line.size)));
        expect(got, `${target} cm²`).toEqual(bruteForce(areas, target));
      }
    },
  );
});

describe("over-order warning", () => {
  const lines = (...pairs: [GraftSize, number][]): SizeLine[] => pairs.map(([size, quantity]) => ({ size, quantity }));

  it("warns when the excess is more than the smallest size in the order", () => {
    // 16 + 4 + 4 = 24 for a 13 cm² wound: 11 more, and the smallest piece is 4.
    expect(overOrderWarning(lines([cm(4, 4), 1], [cm(2, 2), 2]), 13)).toBe(
      "This order is 24 cm², 11 cm² more than the wound's 13 cm²: more than its smallest size (4 cm²). Product that is discarded is not billable.",
    );
  });
  it("does not warn at the boundary: an excess equal to the smallest size", () => {
    // 16 + 4 = 20 for a 16 cm² wound: 4 more, exactly the 2 × 2.
    expect(overOrderWarning(lines([cm(4, 4), 1], [cm(2, 2), 1]), 16)).toBeNull();
  });
  it("warns one cm² past the boundary", () => {
    // 20 for a 15 cm² wound: 5 more, one more than the 2 × 2.
    expect(overOrderWarning(lines([cm(4, 4), 1], [cm(2, 2), 1]), 15)).toMatch(/^This order is 20 cm², 5 cm² more than the wound's 15 cm²/);
  });
  it("does not warn for an order that covers the wound snugly, or falls short", () => {
    expect(overOrderWarning(lines([cm(2, 3), 1], [cm(2, 2), 2]), 13)).toBeNull();
    expect(overOrderWarning(lines([cm(2, 2), 1]), 30)).toBeNull();
  });
  it("writes fractional areas to two decimals", () => {
    // Four 2 × 2 for a 5.3 × 2.1 cm wound (11.13 cm²): 4.87 more, above the 4 cm² piece.
    expect(overOrderWarning(lines([cm(2, 2), 4]), 5.3 * 2.1)).toBe(
      "This order is 16 cm², 4.87 cm² more than the wound's 11.13 cm²: more than its smallest size (4 cm²). Product that is discarded is not billable.",
    );
    // Three are 12 cm²: 0.87 more, no warning.
    expect(overOrderWarning(lines([cm(2, 2), 3]), 5.3 * 2.1)).toBeNull();
  });
  it("ignores lines with quantity 0", () => {
    // The 1 × 1 is not ordered, so the smallest size is the 2 × 2 (4 cm²): an excess of 4 does not warn.
    expect(overOrderWarning(lines([cm(1, 1), 0], [cm(4, 4), 1], [cm(2, 2), 1]), 16)).toBeNull();
    expect(overOrderWarning(lines([cm(4, 4), 0]), 1)).toBeNull();
  });
  it("gives nothing without lines or without an area", () => {
    expect(overOrderWarning([], 13)).toBeNull();
    expect(overOrderWarning(lines([cm(4, 8), 3]), 0)).toBeNull();
    expect(overOrderWarning(lines([cm(4, 8), 3]), Number.NaN)).toBeNull();
  });
});
