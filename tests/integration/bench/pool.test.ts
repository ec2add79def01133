/** The bench's pg connections survive their server going away: a log line, not an unhandled 'error' event. */
import { benchClient, benchPool } from "@/bench/pool";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const terminate = (pid: number) => testDb.prisma.$executeRawUnsafe(`SELECT pg_terminate_backend(${pid})`);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe("bench/pool", () => {
  it("an idle pool connection closed by the server is logged, and the pool keeps working", async () => {
    const lines: string[] = [];
    const pool = benchPool(process.env.DATABASE_URL!, (line) => lines.push(line), 2);
    try {
      const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await terminate(rows[0]!.pid);
      await until(() => lines.length > 0);
      expect(lines[0]).toMatch(/^the database closed a connection: terminating connection due to administrator command/);
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("a client whose connection is closed logs it and its next query fails normally", async () => {
    const lines: string[] = [];
    const client = benchClient(process.env.DATABASE_URL!, (line) => lines.push(line));
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await terminate(rows[0]!.pid);
    await until(() => lines.length > 0);
    expect(lines[0]).toContain("terminating connection due to administrator command");
    await expect(client.query("SELECT 1")).rejects.toThrow();
    await client.end().catch(() => undefined);
  });
});
