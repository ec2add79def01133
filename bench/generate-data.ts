/**
 * The benchmark's data set, built with set-based SQL (generate_series + INSERT ... SELECT) in
 * a database of its own, never the app's. Deterministic: every "random" choice is an md5 of
 * (seed, salt, row number), and every id is an md5-derived uuid, so the same seed, sizes and
 * anchor day give the same rows, row for row.
 *
 * The database invariants hold because the rows go through the real schema (migrations,
 * checks, unique indexes, the exclusion constraint on punches, the one-lead index). Row
 * triggers — the foreign-key checks and the deferred "time entry inside its punch" trigger —
 * would fire millions of times, so they are off during the load (session_replication_role)
 * and the same rules are then checked over all rows, one anti-join per foreign key and one
 * query for the punch rule (0 violations expected, else the load fails).
 */
import type pg from "pg";
import { benchClient } from "./pool";
import { hashPassword } from "../lib/auth/password";
import { ensureDatabase, migrate, quoteIdent } from "../lib/db-admin/migrate";
import { businessToday } from "../lib/dates";

export interface BenchDataOptions {
  tasks: number;
  members: number;
  units: number;
  /** Days of punch and task-time history before the anchor day. */
  days: number;
  seed: number;
  /** The "today" the data is built around (YYYY-MM-DD, UTC). */
  anchor: string;
}

export const DEFAULT_DATA: BenchDataOptions = { tasks: 100_000, members: 200, units: 40, days: 730, seed: 1, anchor: businessToday() };
/** The smoke run's size: enough rows for every endpoint to answer, seconds to build. */
export const SMOKE_DATA: Omit<BenchDataOptions, "anchor"> = { tasks: 400, members: 24, units: 4, days: 14, seed: 1 };

/** Every bench member signs in with this password. */
export const BENCH_PASSWORD = "bench-pass-2026";
/** The member the benchmark signs in as: staff, member of one or two units, with tasks of their own; members 13-24 punch in and out (so at least 24 members). */
export const BENCH_USER_EMAIL = "member0012@bfs.bench";
export const BENCH_ADMIN_EMAIL = "member0001@bfs.bench";

export interface BenchDataSummary {
  rows: Record<string, number>;
  ms: number;
}

/** Refuses names that could be someone's real database: the target is dropped first. */
export function assertBenchDatabaseName(name: string, appDatabaseUrl = process.env.DATABASE_URL): void {
  if (!/bench/i.test(name)) throw new Error(`Refusing to use "${name}": the benchmark database is dropped and re-created, so its name must contain "bench".`);
  if (appDatabaseUrl && safeDbName(appDatabaseUrl) === name) throw new Error(`Refusing to use "${name}": it is the app's own database (DATABASE_URL).`);
}

const safeDbName = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1));
  } catch {
    return "";
  }
};

/** Drops and re-creates the database at `url`, migrates it, and fills it. */
export async function generateBenchData(url: string, opts: BenchDataOptions, log: (line: string) => void = () => undefined): Promise<BenchDataSummary> {
  const started = Date.now();
  const name = safeDbName(url);
  assertBenchDatabaseName(name);
  await recreateDatabase(url, name);
  await migrate(url);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const client = benchClient(url, log);
  await client.connect();
  try {
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = Date.now();
      const res = await client.query(sql, params);
      log(`${label.padEnd(22)} ${String(res.rowCount ?? 0).padStart(9)} rows  ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await client.query("SET synchronous_commit = off");
    // Row triggers off for the load (foreign-key checks and the deferred punch trigger would run
    // once per row, millions of times); both rules are checked set-based right after it.
    // Checks, unique and exclusion constraints stay on: they are not triggers.
    await client.query("SET session_replication_role = replica");
    await client.query(helperFunctions(opts.seed));
    const { tasks: N, members: M, units: U, days: D } = opts;
    const anchor = `'${opts.anchor}'::timestamptz`;
    const uid = (kind: string, expr: string) => `bench_uuid('${kind}', ${expr})`;

    await step("units", `
      INSERT INTO organizational_units (id, name, unit_number, type, parent_id, updated_at)
      SELECT ${uid("unit", "i")}, (ARRAY['Front Desk','Grooming','Kennel','Memorial','Cremation','Engraving','Transport','Retail','Accounts','Facilities'])[1 + i % 10] || ' ' || i,
             1000 + i, CASE WHEN i <= 5 THEN 'division' ELSE 'department' END,
             CASE WHEN i <= 5 THEN NULL ELSE ${uid("unit", "1 + (i - 1) % 5")} END, ${anchor}
      FROM generate_series(1, ${U}) i`);

    await step("members", `
      INSERT INTO users (id, email, password_hash, first_name, last_name, role, member_type, pay_type, updated_at, created_at)
      SELECT ${uid("user", "i")}, 'member' || lpad(i::text, 4, '0') || '@bfs.bench', $1,
             (ARRAY['Alex','Priya','Jamie','Marcus','Sofia','Dana','Tom','Grace','Lee','Rosa','Omar','Nina','Ivan','Kim','Ada'])[1 + i % 15],
             (ARRAY['Morgan','Patel','Rivera','Chen','Garcia','Okafor','Smith','Novak','Haddad','Berg','Silva','Young'])[1 + (i / 15) % 12],
             (CASE WHEN i = 1 THEN 'admin' WHEN i <= 11 THEN 'manager' ELSE 'staff' END)::"Role",
             (CASE WHEN i % 20 = 0 THEN 'contractor' WHEN i % 33 = 0 THEN 'volunteer' ELSE 'employee' END)::"MemberType",
             (CASE WHEN i % 20 <> 0 AND i % 33 = 0 THEN NULL ELSE 'hourly' END)::"PayType",
             ${anchor}, ${anchor} - interval '800 days'
      FROM generate_series(1, ${M}) i`, [passwordHash]);

    // Each member in one unit, two in five in a second one.
    await step("memberships", `
      INSERT INTO unit_memberships (unit_id, user_id)
      SELECT DISTINCT ${uid("unit", "u")}, ${uid("user", "i")}
      FROM generate_series(1, ${M}) i
      CROSS JOIN LATERAL (VALUES (1 + (i * 7) % ${U}), (CASE WHEN i % 5 < 2 THEN 1 + (i * 13 + 3) % ${U} ELSE 1 + (i * 7) % ${U} END)) AS m(u)`);

    // Pay rates (docs/time.md "Pay rates and labour cost"): every paid member an hourly base rate
    // from the start of the data, a raise a year ago, and two in five a rate of their own for their
    // second department (a second job), so labour cost reads rates of every key.
    await step("pay rates", `
      INSERT INTO pay_rates (id, user_id, kind, amount_cents, unit_id, effective_from, created_by_id, updated_at)
      SELECT ${uid("payrate", "i * 3 + k")}, ${uid("user", "i")}, 'hourly'::"PayRateKind", 1500 + (i * 37) % 1500 + (CASE WHEN k = 1 THEN 75 WHEN k = 2 THEN 300 ELSE 0 END),
             CASE WHEN k = 2 THEN ${uid("unit", `1 + (i * 13 + 3) % ${U}`)} END,
             (${anchor})::date - (CASE WHEN k = 1 THEN 365 ELSE 800 END), ${uid("user", "1")}, ${anchor}
      FROM generate_series(1, ${M}) i CROSS JOIN generate_series(0, 2) k
      WHERE NOT (i % 20 <> 0 AND i % 33 = 0) AND (k < 2 OR (i % 5 < 2 AND (1 + (i * 13 + 3) % ${U}) <> (1 + (i * 7) % ${U})))`);

    const vendors = Math.max(3, Math.round(M / 7));
    await step("vendors", `
      INSERT INTO vendors (id, name, services, updated_at)
      SELECT ${uid("vendor", "i")}, 'Vendor ' || i || ' ' || (ARRAY['Stoneworks','Florist','Couriers','Printing','Supplies'])[1 + i % 5], 'bench', ${anchor}
      FROM generate_series(1, ${vendors}) i`);

    const projects = Math.max(2, Math.round(N / 1600));
    await step("projects", `
      INSERT INTO projects (id, name, status, organizational_unit_id, owner_id, created_by_id, updated_at)
      SELECT ${uid("project", "i")}, 'Project ' || i, (ARRAY['planning','active','active','on_hold','completed'])[1 + i % 5]::"ProjectStatus",
             ${uid("unit", `1 + i % ${U}`)}, ${uid("user", `1 + i % ${M}`)}, ${uid("user", "1")}, ${anchor}
      FROM generate_series(1, ${projects}) i`);

    // Due dates over the whole history plus two months ahead; old tasks mostly done.
    await step("tasks", `
      INSERT INTO tasks (id, display_number, uuid, title, description, priority, status, organizational_unit_id,
        assignee_type, assignee_id, vendor_id, project_id, parent_task_id, start_date, due_date, estimated_minutes,
        available_for_pickup, is_private, has_checklist, created_by_id, completed_at, completed_by_id,
        deleted_at, deleted_by_id, created_at, updated_at)
      SELECT id, i, bench_uuid('client', i), title, description, priority, status, unit_id,
        CASE WHEN team OR a < 0.70 THEN 'user' WHEN a < 0.75 THEN 'vendor' END::"AssigneeType",
        CASE WHEN team OR a < 0.70 THEN assignee END,
        CASE WHEN NOT team AND a >= 0.70 AND a < 0.75 THEN ${uid("vendor", `1 + (i % ${vendors})`)} END,
        CASE WHEN bench_rand(i, 7) < 0.3 THEN ${uid("project", `1 + (i % ${projects})`)} END,
        CASE WHEN i > 100 AND bench_rand(i, 8) < 0.10 THEN ${uid("task", "i - 1 - floor(bench_rand(i, 9) * 50)::int")} END,
        CASE WHEN bench_rand(i, 10) < 0.3 THEN due - interval '2 days' END, due,
        30 * (1 + floor(bench_rand(i, 11) * 8))::int,
        NOT team AND a >= 0.75 AND bench_rand(i, 12) < 0.5,
        bench_rand(i, 13) < 0.05, bench_rand(i, 14) < 0.10, creator,
        CASE WHEN status = 'completed' THEN least(due, ${anchor}) - interval '3 hours' END,
        CASE WHEN status = 'completed' THEN coalesce(CASE WHEN team OR a < 0.70 THEN assignee END, creator) END,
        CASE WHEN deleted THEN least(due, ${anchor}) END,
        CASE WHEN deleted THEN ${uid("user", "1")} END,
        least(due, ${anchor}) - interval '1 day' * (1 + floor(bench_rand(i, 15) * 20)), least(due, ${anchor})
      FROM (
        SELECT i, ${uid("task", "i")} AS id, a, team, due, deleted, creator, assignee, unit_id,
          (ARRAY['Engrave','Prepare','Deliver','Clean','Order','Call about','Schedule','Inspect','Restock','Review','Print','Frame','Pack','Update','Confirm'])[1 + floor(bench_rand(i, 16) * 15)::int]
            || ' ' || (ARRAY['memorial plaque','urn','paw print','cremation certificate','keepsake box','grooming station','kennel run','invoice','supplier order','photo frame','sympathy card','van','front desk','listing','inventory'])[1 + floor(bench_rand(i, 17) * 15)::int]
            || ' for ' || (ARRAY['Bailey','Luna','Max','Bella','Charlie','Daisy','Milo','Coco','Rocky','Ziggy','Pepper','Nala'])[1 + floor(bench_rand(i, 18) * 12)::int]
            || ' ' || i AS title,
          CASE WHEN bench_rand(i, 19) < 0.2 THEN '<p>Call the family before <strong>noon</strong>.</p>' END AS description,
          (CASE WHEN p < 0.2 THEN 'low' WHEN p < 0.7 THEN 'normal' WHEN p < 0.92 THEN 'high' ELSE 'critical' END)::"TaskPriority" AS priority,
          (CASE WHEN due < ${anchor} - interval '14 days'
                  THEN CASE WHEN s < 0.85 THEN 'completed' WHEN s < 0.90 THEN 'cancelled' WHEN s < 0.95 THEN 'open' WHEN s < 0.98 THEN 'in_progress' ELSE 'blocked' END
                ELSE CASE WHEN s < 0.55 THEN 'open' WHEN s < 0.80 THEN 'in_progress' WHEN s < 0.90 THEN 'blocked' ELSE 'completed' END
           END)::"TaskStatus" AS status
        FROM (
          SELECT i, bench_rand(i, 1) AS a, bench_rand(i, 2) < 0.20 AS team, bench_rand(i, 3) AS p, bench_rand(i, 4) AS s,
            bench_rand(i, 5) < 0.05 AS deleted,
            date_trunc('hour', ${anchor} - interval '${D} days' + interval '1 minute' * floor(bench_rand(i, 6) * (${D} + 60) * 1440)) + interval '59 minutes' AS due,
            ${uid("user", `1 + floor(bench_rand(i, 20) * ${M})::int`)} AS creator,
            ${uid("user", `1 + floor(bench_rand(i, 21) * ${M})::int`)} AS assignee,
            ${uid("unit", `1 + floor(bench_rand(i, 22) * ${U})::int`)} AS unit_id
          FROM generate_series(1, ${N}) i
        ) base
      ) t`);
    await client.query(`UPDATE counters SET value = ${N} WHERE name = 'task_display_number'`);

    // Teams: the assignee leads; two more members (distinct by construction: offsets 17 and 53).
    await step("task assignments", `
      INSERT INTO task_assignments (task_id, user_id, is_lead, created_at)
      SELECT t.id, CASE WHEN k = 0 THEN t.assignee_id ELSE ${uid("user", `1 + (n + k * 17 + (k / 2) * 19) % ${M}`)} END, k = 0, t.created_at + interval '1 second' * k
      FROM (SELECT id, assignee_id, created_at, display_number AS n FROM tasks WHERE bench_rand(display_number, 2) < 0.20) t
      CROSS JOIN generate_series(0, 2) k
      ON CONFLICT (task_id, user_id) DO NOTHING`);

    await step("checklist items", `
      INSERT INTO checklist_items (task_id, title, position, is_completed, completed_at, completed_by_id, created_at)
      SELECT t.id, (ARRAY['Check the order','Call the family','Print the label','Take a photo','Sign off'])[1 + k], k,
             t.status = 'completed' OR k < 1, CASE WHEN t.status = 'completed' OR k < 1 THEN t.created_at END,
             CASE WHEN t.status = 'completed' OR k < 1 THEN t.created_by_id END, t.created_at
      FROM tasks t CROSS JOIN generate_series(0, 4) k
      WHERE t.has_checklist AND k < 3 + t.display_number % 3`);

    // Two shifts a working day (8:00-12:00 and 12:45-17:00 Chicago standard time), 96% attendance.
    await step("punch sessions", `
      INSERT INTO punch_sessions (id, user_id, punch_in_at, punch_out_at, in_source, in_location, out_source, out_location, out_reason, created_at, updated_at)
      SELECT bench_uuid('punch', (m::bigint * 100000 + d) * 2 + s), ${uid("user", "m")}, pin, pout,
             src, CASE WHEN src = 'qr' THEN 'facility' ELSE src::text END, src, CASE WHEN src = 'qr' THEN 'facility' ELSE src::text END,
             CASE WHEN s = 0 THEN 'Lunch' ELSE 'End of Workday' END, pin, pout
      FROM generate_series(1, ${M}) m
      CROSS JOIN generate_series(1, ${D}) d
      CROSS JOIN generate_series(0, 1) s
      CROSS JOIN LATERAL (SELECT (${anchor} - interval '1 day' * d) AS day) dd
      CROSS JOIN LATERAL (SELECT
          day + CASE WHEN s = 0 THEN interval '14 hours' ELSE interval '18 hours 45 minutes' END + interval '1 minute' * floor(bench_rand(m * 100000 + d, 30 + s) * 20) AS pin,
          day + CASE WHEN s = 0 THEN interval '18 hours' ELSE interval '23 hours' END + interval '1 minute' * floor(bench_rand(m * 100000 + d, 32 + s) * 10) AS pout,
          (ARRAY['desktop','mobile','qr'])[1 + floor(bench_rand(m * 100000 + d, 34) * 3)::int]::"PunchSource" AS src) x
      WHERE extract(isodow FROM day) < 6 AND bench_rand(m * 100000 + d, 35) < 0.96`);

    // Schedules (docs/schedules.md): every member's two published shifts a day, every day, from a
    // year back (or the punch history's length) to two weeks ahead, in their first department
    // (200 members × 7 days × 2 shifts a week: the week grid's reference load), and one open
    // shift a day per department in the two weeks ahead.
    await step("shifts", `
      INSERT INTO shifts (id, user_id, unit_id, role_label, starts_at, ends_at, break_minutes, status, published_at, created_by_id, created_at, updated_at)
      SELECT bench_uuid('shift', (m::bigint * 10000 + d + 5000) * 2 + s), ${uid("user", "m")}, ${uid("unit", `1 + (m * 7) % ${U}`)},
             (ARRAY['Front desk','Crematory','Kennel','Transport'])[1 + (m + s) % 4],
             day + CASE WHEN s = 0 THEN interval '14 hours' ELSE interval '18 hours 45 minutes' END,
             day + CASE WHEN s = 0 THEN interval '18 hours' ELSE interval '23 hours' END,
             0, 'published', day - interval '14 days', ${uid("user", "1")}, day - interval '14 days', day - interval '14 days'
      FROM generate_series(1, ${M}) m
      CROSS JOIN generate_series(-${Math.min(D, 365)}, 13) d
      CROSS JOIN generate_series(0, 1) s
      CROSS JOIN LATERAL (SELECT (${anchor} + interval '1 day' * d) AS day) dd`);
    await step("open shifts", `
      INSERT INTO shifts (id, user_id, unit_id, role_label, starts_at, ends_at, status, published_at, created_by_id, created_at, updated_at)
      SELECT bench_uuid('open-shift', u::bigint * 100 + d), NULL, ${uid("unit", "u")}, 'On call',
             day + interval '23 hours 30 minutes', day + interval '27 hours', 'published', ${anchor}, ${uid("user", "1")}, ${anchor}, ${anchor}
      FROM generate_series(1, ${U}) u
      CROSS JOIN generate_series(0, 13) d
      CROSS JOIN LATERAL (SELECT (${anchor} + interval '1 day' * d) AS day) dd`);

    await step("task time entries", `
      INSERT INTO task_time_entries (user_id, task_id, punch_session_id, started_at, ended_at, source, location, end_source, end_location, created_at)
      SELECT p.user_id, ${uid("task", `1 + floor(bench_rand(h, 40 + k) * ${N})::int`)}, p.id,
             p.punch_in_at + (p.punch_out_at - p.punch_in_at) * k / 4 + interval '2 minutes',
             p.punch_in_at + (p.punch_out_at - p.punch_in_at) * (k + 1) / 4 - interval '2 minutes',
             p.in_source, p.in_location, p.in_source, p.in_location, p.punch_in_at
      FROM (SELECT *, ('x' || substr(id::text, 1, 8))::bit(32)::bigint AS h FROM punch_sessions) p
      CROSS JOIN generate_series(0, 3) k`);
    await client.query("SET session_replication_role = origin");
    await assertForeignKeys(client);
    const outside = await client.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM task_time_entries e JOIN punch_sessions p ON p.id = e.punch_session_id
      WHERE p.user_id <> e.user_id OR e.started_at < p.punch_in_at
         OR (p.punch_out_at IS NOT NULL AND (e.ended_at IS NULL OR e.ended_at > p.punch_out_at))`);
    if (outside.rows[0]!.n !== 0) throw new Error(`${outside.rows[0]!.n} generated time entries lie outside their punch session`);

    await client.query("DROP FUNCTION bench_rand(bigint, int); DROP FUNCTION bench_uuid(text, bigint)");
    const t = Date.now();
    await client.query("VACUUM ANALYZE");
    log(`${"vacuum analyze".padEnd(22)} ${"".padStart(9)}       ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const counts = await client.query<Record<string, number>>(`SELECT
      (SELECT count(*) FROM users)::int AS members, (SELECT count(*) FROM organizational_units)::int AS units,
      (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM tasks WHERE is_private)::int AS private,
      (SELECT count(*) FROM tasks WHERE deleted_at IS NOT NULL)::int AS deleted,
      (SELECT count(*) FROM tasks WHERE parent_task_id IS NOT NULL)::int AS "subTasks",
      (SELECT count(DISTINCT task_id) FROM task_assignments)::int AS "teamTasks",
      (SELECT count(*) FROM checklist_items)::int AS "checklistItems",
      (SELECT count(*) FROM punch_sessions)::int AS punches, (SELECT count(*) FROM task_time_entries)::int AS "timeEntries"`);
    return { rows: counts.rows[0]!, ms: Date.now() - started };
  } finally {
    await client.end();
  }
}

/** Every foreign key of the schema, checked over all rows at once (the load ran without FK triggers). */
async function assertForeignKeys(client: pg.Client): Promise<void> {
  const fks = await client.query<{ name: string; child: string; parent: string; ccols: string[]; pcols: string[] }>(`
    SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
      array(SELECT quote_ident(attname) FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY o) AS ccols,
      array(SELECT quote_ident(attname) FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY o) AS pcols
    FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace WHERE c.contype = 'f' AND ns.nspname = 'public'`);
  for (const fk of fks.rows) {
    const on = fk.ccols.map((col, i) => `p.${fk.pcols[i]} = c.${col}`).join(" AND ");
    const notNull = fk.ccols.map((col) => `c.${col} IS NOT NULL`).join(" AND ");
    const res = await client.query<{ bad: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${fk.child} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${fk.parent} p WHERE ${on})) AS bad`);
    if (res.rows[0]!.bad) throw new Error(`Generated rows break the foreign key ${fk.name}`);
  }
}

/** md5-based, so a row's values depend only on (seed, salt, row number), never on plan order. */
function helperFunctions(seed: number): string {
  const s = Math.trunc(seed);
  return `
    CREATE FUNCTION bench_rand(i bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT ('x' || substr(md5('${s}:' || salt || ':' || i), 1, 8))::bit(32)::bigint / 4294967296.0 $$;
    CREATE FUNCTION bench_uuid(kind text, i bigint) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT md5('${s}:' || kind || ':' || i)::uuid $$;`;
}

async function recreateDatabase(url: string, name: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = benchClient(admin.toString(), () => undefined);
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
  await ensureDatabase(url);
}
