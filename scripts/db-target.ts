/** The database the db:* scripts work on: DATABASE_URL, else the embedded one (started if it is not running). */
import net from "node:net";
import path from "node:path";
import { LaunchError, startEmbeddedPostgres, type EmbeddedPostgresHandle } from "../lib/db-admin/embedded";
import { assertSupportedNode } from "./node-version";

assertSupportedNode();

const root = path.resolve(__dirname, "..");

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => socket.end(() => resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

export function withDatabaseUrl(work: (url: string) => Promise<void>): void {
  let embedded: EmbeddedPostgresHandle | null = null;
  (async () => {
    let url = process.env.DATABASE_URL;
    if (!url) {
      const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
      if (!(await portOpen(port))) {
        embedded = await startEmbeddedPostgres({ dataDir: path.resolve(root, process.env.PGDATA_DIR ?? ".data/postgres"), port });
      }
      url = `postgresql://postgres:postgres@127.0.0.1:${port}/bfs_tasks`;
    }
    await work(url);
  })()
    .then(
      () => 0,
      (error) => {
        console.error(`[bfs] ${error instanceof LaunchError ? error.message : error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
        return 1;
      },
    )
    .then(async (code) => {
      await embedded?.stop();
      process.exit(code);
    });
}
