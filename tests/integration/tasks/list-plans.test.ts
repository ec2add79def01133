/**
 * The task list's statements use the indexes made for them, read from the plans of
 * the statements Prisma really sends. Twice an index silently stopped serving the list (a new
 * filter column it lacked; Prisma's ORDER BY id on the capped count), and every result stayed
 * right while the list got slower, so results alone cannot guard this. The generated data is
 * small (10,000 tasks), where a planner may take a detour that it does not take at 100,000: a
 * sequential scan, or the plain due-date index with heap fetches (Postgres 15 does; 18 does not).
 * So the EXPLAIN runs with sequential scans off and without those plain indexes (dropped inside a
 * transaction that is rolled back): the question is whether the list's own indexes serve each
 * statement, index-only where they should, not which path 10,000 rows would take.
 */
import pg from "pg";
import { GET as listHandler } from "@/app/api/tasks/route";
import { BENCH_PASSWORD, BENCH_USER_EMAIL } from "@/bench/generate-data";
import { call, signIn } from "@/tests/support/auth";
import { useBenchDatabase } from "@/tests/support/bench-db";

const bench = useBenchDatabase({ tasks: 10000, members: 40, units: 8, days: 30, seed: 11 });

interface Statement {
  text: string;
  values: unknown[];
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** The statements on `tasks` that one GET /api/tasks sends, captured at the pg driver. */
async function statementsOf(qs: string, headers: Record<string, string>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Pool.prototype.query;
  const spy = jest.spyOn(pg.Pool.prototype, "query").mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    if (typeof config === "object" && config.text) seen.push({ text: config.text, values: config.values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  try {
    const res = await call(listHandler, { path: `/api/tasks?${qs}`, headers });
    expect(res.status).toBe(200);
  } finally {
    spy.mockRestore();
  }
  return seen.filter((s) => /FROM "public"\."tasks"|FROM tasks/.test(s.text));
}

/** Plain indexes a planner prefers over the list's own at 10,000 tasks but not at 100,000. */
const SMALL_DATA_DETOURS = ["tasks_due_date_idx", "tasks_is_recurring_idx", "tasks_deleted_at_idx"];

/** Every scan in the statement's plan, as "Node Type on index" (or the node type alone). */
async function scansOf(statement: Statement): Promise<string[]> {
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL enable_seqscan = off");
    for (const detour of SMALL_DATA_DETOURS) await client.query(`DROP INDEX ${detour}`);
    const { rows } = await client.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>({ text: `EXPLAIN (FORMAT JSON) ${statement.text}`, values: statement.values });
    await client.query("ROLLBACK");
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node["Node Type"].includes("Scan")) scans.push(node["Index Name"] ? `${node["Node Type"]} on ${node["Index Name"]}` : node["Node Type"]);
      node.Plans?.forEach(walk);
    };
    walk(rows[0]!["QUERY PLAN"][0]!.Plan);
    return scans;
  } finally {
    await client.end();
  }
}

const isCount = (s: Statement) => s.text.startsWith("SELECT COUNT(*)");
const isPageIds = (s: Statement) => !isCount(s) && /^SELECT "public"\."tasks"\."id" FROM/.test(s.text);

describe("the task list's plans (generated data)", () => {
  let headers: Record<string, string>;
  beforeAll(async () => {
    headers = await signIn({ email: BENCH_USER_EMAIL }, { password: BENCH_PASSWORD });
  });

  it("the dashboard's default view: page ids and the capped count are index-only scans of tasks_visible_due_idx", async () => {
    const statements = await statementsOf("status=open,in_progress,blocked&sort=dueDate&page=1&pageSize=50", headers);
    const ids = statements.find(isPageIds);
    const count = statements.find(isCount);
    expect(ids && count).toBeTruthy();
    expect(await scansOf(ids!)).toEqual(["Index Only Scan on tasks_visible_due_idx"]);
    // Not a walk of the primary key (Prisma's ORDER BY id for a take without orderBy).
    expect(await scansOf(count!)).toEqual(["Index Only Scan on tasks_visible_due_idx"]);
  });

  it("a deep page of every status is an index-only scan too (no count past the cap)", async () => {
    const statements = await statementsOf("sort=dueDate&page=25&pageSize=50", headers);
    expect(statements.filter(isCount)).toHaveLength(0);
    expect(await scansOf(statements.find(isPageIds)!)).toEqual(["Index Only Scan on tasks_visible_due_idx"]);
  });

  it("mine: the ids come from the assignee and team indexes, never a walk of every task", async () => {
    const statements = await statementsOf("status=open,in_progress,blocked&sort=dueDate&page=1&pageSize=50&mine=true", headers);
    const mineIds = statements.find((s) => s.text.includes("UNION SELECT task_id FROM task_assignments"));
    expect(mineIds).toBeTruthy();
    const scans = await scansOf(mineIds!);
    expect(scans).not.toContain("Seq Scan");
    const indexes = scans.flatMap((scan) => scan.split(" on ").slice(1));
    expect(new Set(indexes)).toEqual(new Set(["tasks_assignee_id_status_idx", "task_assignments_user_id_idx"]));
    // Beside those ids the status filter is a NOT IN, which the search index cannot serve: at
    // 100k tasks the planner ANDed its bitmap of every active task with the ids (17 and 36 ms;
    // list-tasks.ts, statusWhere). 10,000 rows do not reproduce that plan, so this reads the SQL.
    // One read of every match gives the page and the exact count: no count statement, no LIMIT.
    expect(statements.filter(isCount)).toHaveLength(0);
    const matches = statements.filter(isPageIds);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.text).toMatch(/"status" NOT IN/);
    expect(matches[0]!.text).not.toMatch(/"status" IN/);
    expect(matches[0]!.text).not.toMatch(/LIMIT/);
  });

  it("a title search counts through tasks_search_idx (status and trigrams in one index)", async () => {
    const statements = await statementsOf("status=open,in_progress,blocked&sort=dueDate&page=1&pageSize=50&q=engrave", headers);
    expect(await scansOf(statements.find(isCount)!)).toContain("Bitmap Index Scan on tasks_search_idx");
  });
});
