import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Makes DATA_DIR readable by the service's user only: everything created from
 * now on by this process is (umask 077), the folder is 0700, and anything in
 * it that others could read (a folder copied in, a restored backup) is
 * tightened to 0700 for folders and 0600 for files. Answers how many entries
 * it had to tighten, so the start can say so.
 */
export function secureDataDir(dir: string): number {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const walk = (entry: string) => {
    const stat = lstatSync(entry);
    // A link is not followed: what it points at is not ours to change.
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? 0o700 : mode & 0o600;
    if (mode !== wanted) {
      chmodSync(entry, wanted);
      tightened++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return tightened;
}
