/**
 * Where the benchmark's database lives. In order:
 *   BENCH_DATABASE_URL           the full URL (its name must contain "bench");
 *   DATABASE_URL's server        with the database `--db` (default bfs_bench), never DATABASE_URL's own;
 *   the embedded Postgres        in .data/bench-postgres on EMBEDDED_BENCH_PG_PORT (54331), started here.
 */
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "../lib/db-admin/embedded";

export const DEFAULT_BENCH_DB = "bfs_bench";

export interface BenchDatabase {
  url: string;
  stop(): Promise<void>;
}

export async function openBenchDatabase(dbName: string = DEFAULT_BENCH_DB, log: (line: string) => void = () => undefined): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  const server = process.env.DATABASE_URL;
  if (server) return { url: withDatabase(server, dbName), stop: async () => undefined };
  const port = Number(process.env.EMBEDDED_BENCH_PG_PORT ?? 54331);
  const dataDir = path.resolve(process.cwd(), ".data/bench-postgres");
  log(`No DATABASE_URL: starting an embedded Postgres for the benchmark on port ${port} (data in .data/bench-postgres)`);
  const embedded: EmbeddedPostgresHandle = await startEmbeddedPostgres({ dataDir, port, log });
  return { url: withDatabase(embedded.url, dbName), stop: embedded.stop };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}
