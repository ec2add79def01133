/**
 * The SQL-only invariants of the init migration hold (see prisma/sql-invariants.ts).
 * Raw SQL through pg, so each failure is checked by its SQLSTATE and constraint name.
 */
import pg from "pg";
import { useTestDatabase } from "@/tests/support/db";
import { INVARIANT_SQLSTATES, TASK_DISPLAY_NUMBER_COUNTER } from "./sql-invariants";

const testDb = useTestDatabase();
let pool: pg.Pool;
let unitId: string;
let creatorId: string;
let taskId: string;
let nextDisplayNumber = 1000;
let userCount = 0;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: testDb.url });
  creatorId = await createUser();
  unitId = await insert("INSERT INTO organizational_units (name, updated_at) VALUES ('Unit', now()) RETURNING id");
  taskId = await createTask();
});

afterAll(async () => {
  await pool.end();
});

async function insert(sql: string, params: unknown[] = []): Promise<string> {
  const result = await pool.query<{ id: string }>(sql, params);
  return result.rows[0].id;
}

function createUser(): Promise<string> {
  userCount += 1;
  return insert(
    `INSERT INTO users (email, password_hash, first_name, last_name, updated_at)
     VALUES ($1, 'x', 'Test', 'User', now()) RETURNING id`,
    [`user${userCount}@example.com`],
  );
}

function createTask(): Promise<string> {
  nextDisplayNumber += 1;
  return insert(
    `INSERT INTO tasks (display_number, title, organizational_unit_id, due_date, created_by_id, updated_at)
     VALUES ($1, 'Task', $2, now(), $3, now()) RETURNING id`,
    [nextDisplayNumber, unitId, creatorId],
  );
}

const at = (hour: number, minute = 0): string => `2026-11-20T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`;

function punch(userId: string, inAt: string, outAt: string | null = null): Promise<string> {
  return insert(
    `INSERT INTO punch_sessions (user_id, punch_in_at, punch_out_at, in_location, updated_at)
     VALUES ($1, $2, $3, 'desktop', now()) RETURNING id`,
    [userId, inAt, outAt],
  );
}

function timeEntry(userId: string, punchId: string, startedAt: string, endedAt: string | null = null): Promise<string> {
  return insert(
    `INSERT INTO task_time_entries (user_id, task_id, punch_session_id, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, taskId, punchId, startedAt, endedAt],
  );
}

/** Runs fn in one transaction on one connection; rolls back if it throws (including at COMMIT). */
async function transaction(fn: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await fn(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

describe("punch_sessions", () => {
  it("allows one open punch per user", async () => {
    const [alice, bob] = [await createUser(), await createUser()];
    await punch(alice, at(8));
    await punch(bob, at(8)); // another user may be punched in at the same time

    await expect(punch(alice, at(9))).rejects.toMatchObject({
      code: "23505",
      constraint: "punch_sessions_one_open_per_user",
    });
  });

  it("rejects overlapping punches and allows back-to-back ones", async () => {
    const user = await createUser();
    await punch(user, at(8), at(12));

    await expect(punch(user, at(11), at(13))).rejects.toMatchObject({ code: "23P01", constraint: "punch_sessions_no_overlap" });
    await expect(punch(user, at(7), at(8, 30))).rejects.toMatchObject({ code: "23P01" });
    await expect(punch(user, at(12))).resolves.toBeDefined(); // punching in as the last punch ended
  });

  it("rejects a punch that ends before it starts", async () => {
    const user = await createUser();
    await expect(punch(user, at(12), at(11))).rejects.toMatchObject({ code: "23514", constraint: "punch_sessions_out_after_in" });
  });
});

describe("task_time_entries", () => {
  it("allows one running task clock per user", async () => {
    const user = await createUser();
    const punchId = await punch(user, at(8));
    await timeEntry(user, punchId, at(8));

    await expect(timeEntry(user, punchId, at(9))).rejects.toMatchObject({
      code: "23505",
      constraint: "task_time_entries_one_open_per_user",
    });
  });

  it("rejects an entry outside its punch session", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const open = await punch(user, at(8));
    const closed = await punch(other, at(8), at(12));
    const outside = { code: INVARIANT_SQLSTATES.timeEntryOutsidePunch, constraint: "task_time_entries_inside_punch" };

    await expect(timeEntry(user, open, at(7, 59), at(9))).rejects.toMatchObject(outside); // starts before punch-in
    await expect(timeEntry(user, closed, at(9), at(10))).rejects.toMatchObject(outside); // another user's punch
    await expect(timeEntry(other, closed, at(11), at(12, 30))).rejects.toMatchObject(outside); // ends after punch-out
    await expect(timeEntry(other, closed, at(11))).rejects.toMatchObject(outside); // still running in a closed punch
    await expect(timeEntry(other, closed, at(9), at(12))).resolves.toBeDefined();
  });

  it("rejects an entry that ends before it starts", async () => {
    const user = await createUser();
    const punchId = await punch(user, at(8));
    await expect(timeEntry(user, punchId, at(10), at(9))).rejects.toMatchObject({
      code: "23514",
      constraint: "task_time_entries_ended_after_started",
    });
  });

  it("refuses to close a punch while an entry runs, but closes both in one transaction", async () => {
    const user = await createUser();
    const punchId = await punch(user, at(8));
    const entryId = await timeEntry(user, punchId, at(8, 30));

    await expect(pool.query("UPDATE punch_sessions SET punch_out_at = $2 WHERE id = $1", [punchId, at(12)])).rejects.toMatchObject({
      code: INVARIANT_SQLSTATES.punchHasOpenTimeEntry,
      constraint: "punch_sessions_no_open_entries_on_close",
      message: expect.stringContaining(`Punch session ${punchId} cannot be closed while time entry ${entryId} is still running`),
    });

    // The checks are deferred to COMMIT, so the order of the two updates does not matter.
    await transaction(async (client) => {
      await client.query("UPDATE punch_sessions SET punch_out_at = $2 WHERE id = $1", [punchId, at(12)]);
      await client.query("UPDATE task_time_entries SET ended_at = $2 WHERE id = $1", [entryId, at(12)]);
    });
    const { rows } = await pool.query("SELECT punch_out_at FROM punch_sessions WHERE id = $1", [punchId]);
    expect(rows[0].punch_out_at).toEqual(new Date(at(12)));
  });

  it("refuses to move a punch so that an entry falls outside it", async () => {
    const user = await createUser();
    const punchId = await punch(user, at(8), at(12));
    await timeEntry(user, punchId, at(9), at(10));

    await expect(pool.query("UPDATE punch_sessions SET punch_in_at = $2 WHERE id = $1", [punchId, at(9, 30)])).rejects.toMatchObject({
      code: INVARIANT_SQLSTATES.timeEntryOutsidePunch,
    });
  });
});

describe("task_assignments", () => {
  it("allows one lead per task", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const task = await createTask();
    const assign = (userId: string, isLead: boolean) =>
      pool.query("INSERT INTO task_assignments (task_id, user_id, is_lead) VALUES ($1, $2, $3)", [task, userId, isLead]);
    await assign(a, true);

    await expect(assign(b, true)).rejects.toMatchObject({ code: "23505", constraint: "task_assignments_one_lead_per_task" });
    await expect(assign(b, false)).resolves.toBeDefined();
  });
});

describe("check constraints", () => {
  it.each([
    ["tasks_display_number_positive", "UPDATE tasks SET display_number = 0 WHERE id = $1"],
    ["tasks_recurring_interval_positive", "UPDATE tasks SET recurring_interval = 0 WHERE id = $1"],
    ["tasks_recurring_max_count_positive", "UPDATE tasks SET recurring_max_count = 0 WHERE id = $1"],
    ["tasks_estimated_minutes_nonnegative", "UPDATE tasks SET estimated_minutes = -1 WHERE id = $1"],
  ])("%s", async (constraint, sql) => {
    await expect(pool.query(sql, [taskId])).rejects.toMatchObject({ code: "23514", constraint });
  });

  it("users_email_lowercase", async () => {
    await expect(pool.query("UPDATE users SET email = 'Upper@Example.com' WHERE id = $1", [creatorId])).rejects.toMatchObject({
      code: "23514",
      constraint: "users_email_lowercase",
    });
  });

  it("organizational_units_not_own_parent", async () => {
    await expect(pool.query("UPDATE organizational_units SET parent_id = id WHERE id = $1", [unitId])).rejects.toMatchObject({
      code: "23514",
      constraint: "organizational_units_not_own_parent",
    });
  });
});

describe("task display number counter", () => {
  it("hands out gapless numbers to concurrent transactions, one of which rolls back", async () => {
    const prisma = testDb.prisma;
    const failing = 7;
    const create = (i: number) =>
      prisma.$transaction(async (tx) => {
        const [{ value }] = await tx.$queryRaw<{ value: number }[]>`
          UPDATE counters SET value = value + 1 WHERE name = ${TASK_DISPLAY_NUMBER_COUNTER} RETURNING value`;
        await tx.task.create({
          data: { displayNumber: value, title: `Task ${i}`, organizationalUnitId: unitId, dueDate: new Date(), createdById: creatorId },
        });
        if (i === failing) throw new Error("rolled back on purpose");
      }, { timeout: 20_000, maxWait: 20_000 });

    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => create(i)));

    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    const numbers = (await prisma.task.findMany({ where: { displayNumber: { lte: 1000 } }, select: { displayNumber: true } }))
      .map((t) => t.displayNumber!)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    const counter = await prisma.counter.findUniqueOrThrow({ where: { name: TASK_DISPLAY_NUMBER_COUNTER } });
    expect(counter.value).toBe(19);
  });
});
