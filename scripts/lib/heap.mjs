// The bound of the server's JavaScript heap. Left to itself, V8 lets the heap
// grow under sustained load and keeps what it took (86 MB to 265 MB over
// 8,000 contact posts); with `--max-old-space-size` its collector keeps the
// old generation under the bound instead. The flag has to be on the command
// line of the process that serves: V8 sizes its heap when the process starts.
//
// Two ways in, both keeping the serving process the one whose pid is known:
// - `startApp` (cluster.mjs) spawns `node --max-old-space-size=N
//   build/server.js` itself, so the pid it hands to the benchmark and the
//   resilience script is the server's, and the memory they read is its own.
// - `npm start` (start.mjs) runs as a plain `node`: Node cannot replace its
//   own process (no execve), so start.mjs starts itself again with the flag
//   (`relaunchWithBoundedHeap`) and stays only to pass on SIGTERM, SIGINT
//   and SIGHUP and to end with the server's exit code or signal.
import { spawn } from "node:child_process";

export const DEFAULT_HEAP_MB = 256;
const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];

/** NODE_HEAP_MB, in MB (default 256); a malformed or too small value throws. */
export function heapLimitMb(env = process.env) {
  const raw = env.NODE_HEAP_MB?.trim();
  if (!raw) return DEFAULT_HEAP_MB;
  const mb = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(mb) || mb < 64) throw new Error(`NODE_HEAP_MB must be a whole number of megabytes, 64 or more (got "${raw}")`);
  return mb;
}

const boundsHeap = (args) => args.some((arg) => /^--max[-_]old[-_]space[-_]size(=|$)/.test(arg));

/**
 * The flags that bound the heap of a node process started with `execArgv`
 * and `env`: none when it is bounded already (a `--max-old-space-size` on its
 * command line or in NODE_OPTIONS is kept as given).
 */
export function heapArgs(env = process.env, execArgv = []) {
  if (boundsHeap(execArgv) || boundsHeap((env.NODE_OPTIONS ?? "").split(/\s+/))) return [];
  return [`--max-old-space-size=${heapLimitMb(env)}`];
}

/**
 * Answers true when this process's heap is bounded: it goes on and serves.
 * `env` is where NODE_HEAP_MB and NODE_OPTIONS are read (the child is given
 * this process's own environment). Otherwise starts this same script again with the bound, answers false, and
 * stays only to pass signals on to it and to end as it ends.
 */
export function relaunchWithBoundedHeap(env = process.env) {
  const args = heapArgs(env, process.execArgv);
  if (args.length === 0) return true;
  const child = spawn(process.execPath, [...process.execArgv, ...args, ...process.argv.slice(1)], { stdio: "inherit" });
  const forward = (signal) => child.kill(signal);
  for (const signal of SIGNALS) process.on(signal, forward);
  child.once("error", (error) => {
    console.error(`Could not start the server: ${error.message}`);
    process.exit(1);
  });
  child.once("exit", (code, signal) => {
    for (const s of SIGNALS) process.off(s, forward);
    // Ended by a signal: end by the same one, so whoever started `npm start` sees it.
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  return false;
}
