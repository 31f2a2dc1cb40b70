// Installs a Debian package when the program it brings is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function aptGet(...args) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const [cmd, argv] = process.getuid?.() === 0 ? ["apt-get", args] : ["sudo", ["apt-get", ...args]];
  return spawnSync(cmd, argv, { stdio: "inherit", env }).status ?? 1;
}

/** Makes sure `program` (an absolute path) exists, installing Debian's `pkg` if not; exits when it cannot. */
export function ensureDebianPackage(program, pkg) {
  if (existsSync(program)) return program;
  console.log(`${program} not found: installing Debian's ${pkg} package...`);
  if (aptGet("update", "-qq") !== 0 || aptGet("install", "-y", "-qq", pkg) !== 0 || !existsSync(program)) {
    console.error(`Could not install ${pkg}. Install it with apt-get install ${pkg}.`);
    process.exit(1);
  }
  return program;
}
