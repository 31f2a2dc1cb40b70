/**
 * The project's source files, for the tests that read the code as text: who
 * writes a status, which mail purposes the server sends, what the import
 * graph is.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The TypeScript files under each folder, as `path.join` writes them relative
 * to the project's root (where the tests run), sorted; tests and declaration
 * files are left out.
 */
export function sources(...dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const file = path.join(dir, name);
      if (statSync(path.join(ROOT, file)).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(file);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}
