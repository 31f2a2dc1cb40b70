// Installs a Debian package when the program it brings is missing, as root only: without root it says what to
// install and how, and stops. It never runs sudo (a password prompt in the middle of a test run, or an install
// nobody asked for).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function aptGet(...args) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return spawnSync("apt-get", args, { stdio: "inherit", env }).status ?? 1;
}

/**
 * Makes sure `program` (an absolute path) exists, installing Debian's `pkg` with apt-get when running as root;
 * otherwise, and when the install fails, exits with a message saying what to install.
 */
export function ensureDebianPackage(program, pkg, { root = process.getuid?.() === 0 } = {}) {
  if (existsSync(program)) return program;
  if (!root) {
    console.error(
      `${program} not found: it comes with Debian's ${pkg} package. Install it as root, then run this again:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${pkg}\n` +
        `(or, in a root shell: apt-get update && apt-get install -y ${pkg}).`,
    );
    process.exit(1);
  }
  console.log(`${program} not found: installing Debian's ${pkg} package...`);
  if (aptGet("update", "-qq") !== 0 || aptGet("install", "-y", "-qq", pkg) !== 0 || !existsSync(program)) {
    console.error(`Could not install ${pkg}. Install it with: apt-get update && apt-get install -y ${pkg}`);
    process.exit(1);
  }
  return program;
}
