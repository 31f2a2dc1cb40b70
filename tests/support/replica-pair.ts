import { createServer } from "node:net";
import { binDir, startPostgres, startReplica, type PrivateReplica, type PrivateServer } from "../../scripts/lib/postgres.mjs";

export type ReplicaPair = { primary: PrivateServer; replica: PrivateReplica; destroy(): void };

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A private PostgreSQL primary and its streaming replica (initdb and
 * pg_basebackup in temporary folders, as the scripts start them), on `port`
 * and `port + 1`, or on two free ports. Answers why not when the server
 * programs are missing or the servers do not start, for the test to say when
 * it skips.
 */
export async function startReplicaPair(port?: number): Promise<{ pair: ReplicaPair; reason?: undefined } | { pair?: undefined; reason: string }> {
  try {
    binDir();
  } catch (error) {
    return { reason: `needs PostgreSQL's server programs to start a primary and its replica: ${(error as Error).message}` };
  }
  let primary: PrivateServer | undefined;
  try {
    primary = await startPostgres({ port: port ?? (await freePort()) });
    const replica = await startReplica({ primaryUrl: primary.url, port: port ? port + 1 : await freePort() });
    const started = primary;
    return {
      pair: {
        primary,
        replica,
        destroy() {
          replica.destroy();
          started.destroy();
        },
      },
    };
  } catch (error) {
    primary?.destroy();
    return { reason: `could not start a private PostgreSQL primary and replica: ${(error as Error).message.split("\n")[0]}` };
  }
}
