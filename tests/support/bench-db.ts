/**
 * A database filled by the benchmark's generator (bench/generate-data.ts) for one test file:
 * the same deterministic rows `npm run bench:data` builds, at a small size. Like
 * useTestDatabase(), it points DATABASE_URL and lib/db.ts's client at it for the file.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPool, createPrismaClient } from "@/lib/db-admin/client";
import { quoteIdent } from "@/lib/db-admin/migrate";
import { generateBenchData, type BenchDataOptions } from "@/bench/generate-data";
import { databaseUrl, readHarnessInfo } from "./harness";
import { businessToday } from "@/lib/dates";

type DbGlobal = { bfsPrisma?: PrismaClient; bfsPool?: pg.Pool };

export function useBenchDatabase(size: Omit<BenchDataOptions, "anchor">): { readonly url: string; readonly prisma: PrismaClient; readonly anchor: string } {
  const anchor = businessToday();
  let state: { url: string; prisma: PrismaClient; name: string } | undefined;
  const { serverUrl } = readHarnessInfo();

  beforeAll(async () => {
    const name = `bfs_bench_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const url = databaseUrl(serverUrl, name);
    await generateBenchData(url, { ...size, anchor });
    const pool = createPool(url);
    const prisma = createPrismaClient(url, undefined, pool);
    state = { url, prisma, name };
    process.env.DATABASE_URL = url;
    (globalThis as DbGlobal).bfsPrisma = prisma;
    (globalThis as DbGlobal).bfsPool = pool;
  }, 120_000);

  afterAll(async () => {
    delete (globalThis as DbGlobal).bfsPrisma;
    delete (globalThis as DbGlobal).bfsPool;
    delete process.env.DATABASE_URL;
    if (!state) return;
    await state.prisma.$disconnect();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(state.name)} WITH (FORCE)`);
    await admin.end();
  });

  const required = () => {
    if (!state) throw new Error("The bench database exists only inside tests and hooks (after beforeAll).");
    return state;
  };
  return {
    get url() {
      return required().url;
    },
    get prisma() {
      return required().prisma;
    },
    anchor,
  };
}
