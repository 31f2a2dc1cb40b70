import type { ArticleBody } from "./types";

/** Article bodies exist for ids 1 and 2 only (SPEC section 2, Article). */
export const articleBodies: readonly ArticleBody[] = [];
