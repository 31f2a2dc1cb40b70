import { readFileSync } from "node:fs";

/** A sample file's text, byte for byte (tests only). */
export function sample(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), "utf8");
}
