import { expect } from "vitest";
import { decodeCursor, type Cursor, type Direction, type KeysetPage } from "~/.server/db/keyset";

type At = { direction: Direction; cursor: Cursor } | null;

/**
 * Reads a list as a user clicking through it does: the first page, then
 * "Older" (`after`) to the last page, then "Newer" (`before`) back to the
 * first. Checks the first page has no Newer link and the last no Older link,
 * and answers the ids seen each way (the way back in the list's order).
 */
export async function walkPages<T extends { id: string }>(read: (at: At) => Promise<KeysetPage<T>>) {
  const forward: string[] = [];
  const sizes: number[] = [];
  let page = await read(null);
  expect(page.before).toBeNull();
  forward.push(...page.rows.map((r) => r.id));
  sizes.push(page.rows.length);
  while (page.after) {
    page = await read({ direction: "after", cursor: decodeCursor(page.after)! });
    forward.push(...page.rows.map((r) => r.id));
    sizes.push(page.rows.length);
    if (sizes.length > 10_000) throw new Error("paging never ends");
  }
  const backward: string[] = page.rows.map((r) => r.id);
  while (page.before) {
    page = await read({ direction: "before", cursor: decodeCursor(page.before)! });
    backward.unshift(...page.rows.map((r) => r.id));
    if (backward.length > forward.length * 2 + 10) throw new Error("paging back never ends");
  }
  expect(page.before).toBeNull();
  return { forward, backward, pages: sizes.length, sizes };
}
