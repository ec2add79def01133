import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { dispatchNotice } from "./notices";

/**
 * The connection pool's limits (docs/operations.md). Each is an environment variable so an
 * operator can size N instances against one Postgres's max_connections.
 * - DB_POOL_MAX: connections per app instance (default 10).
 * - DB_POOL_TIMEOUT_MS: how long a request waits for a free connection, or for a new one to
 *   connect, before it fails with 503 DB_UNAVAILABLE (default 5000).
 * - DB_STATEMENT_TIMEOUT_MS: the longest a single statement may run before Postgres cancels it
 *   (default 15000); also answered with 503.
 */
export interface PoolSettings {
  max: number;
  acquireTimeoutMs: number;
  statementTimeoutMs: number;
}

export function poolSettingsFromEnv(env: Record<string, string | undefined> = process.env): PoolSettings {
  const int = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    max: int("DB_POOL_MAX", 10),
    acquireTimeoutMs: int("DB_POOL_TIMEOUT_MS", 5000),
    statementTimeoutMs: int("DB_STATEMENT_TIMEOUT_MS", 15_000),
  };
}

/** The connection pool a Prisma client runs on (createPrismaClient), with the limits above. */
export function createPool(connectionString: string, settings: PoolSettings = poolSettingsFromEnv()): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: settings.max,
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idleTimeoutMillis: 30_000,
    // Postgres's JIT compiles any statement whose estimate passes jit_above_cost. Our reads are
    // short; on the scoreboard and statistics aggregates the compile alone took 85 ms of a
    // 190 ms statement (EXPLAIN ANALYZE at 100k tasks), so it is off for the app's sessions.
    options: "-c jit=off",
  });
  // An idle connection that dies (Postgres restarted) is an 'error' event: without a listener it
  // would end the process. The pool drops that connection and the next query opens a new one.
  pool.on("error", (error) => console.error(JSON.stringify({ level: "warn", source: "db", event: "idle connection lost", message: error.message })));
  // The member-version triggers' NOTICE reaches the connection that wrote (lib/cache/member-versions.ts).
  pool.on("connect", (connection) => connection.on("notice", dispatchNotice));
  return pool;
}

/**
 * The one way to build a Prisma client: the pg driver adapter on `pool` (made here unless given),
 * no native engine. $disconnect() ends the pool.
 */
export function createPrismaClient(connectionString: string, settings: PoolSettings = poolSettingsFromEnv(), pool = createPool(connectionString, settings)): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}
