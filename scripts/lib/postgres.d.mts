// Types of postgres.mjs, for the tests that start their own servers.
export type PrivateServer = {
  port: number;
  url: string;
  /** The server's own log file. */
  log: string;
  start(): void;
  stop(mode?: "smart" | "fast" | "immediate"): void;
  restart(gapMs: number): Promise<void>;
  destroy(): void;
};

export type PrivateReplica = PrivateServer & {
  pauseReplay(): Promise<unknown>;
  resumeReplay(): Promise<unknown>;
  caughtUp(timeoutMs?: number): Promise<void>;
};

export function binDir(): string;
export function startPostgres(options: { port: number }): Promise<PrivateServer>;
export function startReplica(options: { primaryUrl: string; port: number }): Promise<PrivateReplica>;
