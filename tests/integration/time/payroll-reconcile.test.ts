import { parse } from "csv-parse/sync";
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { GET as payrollHandler } from "@/app/api/admin/time/payroll/route";
import { GET as logsHandler } from "@/app/api/time/logs/route";
import { addDays, BUSINESS_TIME_ZONE } from "@/lib/dates";
import { dayOf, hours, payPeriodOf, DEFAULT_TIME_POLICY } from "@/lib/time/calc";
import { DEMO_PASSWORD, seedDemoData } from "@/prisma/seed";
import { call, signIn } from "@/tests/support/auth";
import { callRaw } from "@/tests/support/uploads";
import { useTestDatabase } from "@/tests/support/db";

/** Its own file: the demo seed needs an empty database. */
const testDb = useTestDatabase();

const logs = (headers: Record<string, string>, query: string) => call(logsHandler, { path: `/api/time/logs?${query}`, headers });

describe("payroll export", () => {
  it("reconciles exactly with the time card and the time logs for the seeded two weeks, and parses as CSV", async () => {
    await seedDemoData(testDb.prisma, () => undefined);
    const admin = await testDb.prisma.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
    const headers = await signIn(admin, { password: DEMO_PASSWORD });
    const today = dayOf(new Date(), BUSINESS_TIME_ZONE);
    // Every weekly period that touches the seeded 14 days.
    const periods = new Set<string>();
    for (let d = 1; d <= 15; d++) periods.add(payPeriodOf(addDays(today, -d), DEFAULT_TIME_POLICY).start);
    let members = 0;
    for (const period of periods) {
      const card = await call(cardHandler, { path: `/api/admin/time/card?period=${period}`, headers });
      expect(card.status).toBe(200);
      const summary = await callRaw(payrollHandler, { method: "GET", path: `/api/admin/time/payroll?period=${period}&kind=summary`, headers });
      expect(summary.status).toBe(200);
      expect(summary.headers.get("content-type")).toMatch(/text\/csv/);
      const rows: Record<string, string>[] = parse(summary.bytes, { columns: true, bom: true, skip_empty_lines: true });
      expect(rows).toHaveLength(card.body.rows.length);
      for (const row of card.body.rows) {
        const csvRow = rows.find((r) => r["Employee ID"] === row.member.id)!;
        expect(csvRow).toBeDefined();
        expect(csvRow["Regular hours"]).toBe(hours(row.totals.regularMs));
        expect(csvRow["Overtime hours"]).toBe(hours(row.totals.overtimeMs));
        expect(csvRow["Unpaid break hours"]).toBe(hours(row.totals.unpaidBreakMs));
        expect(csvRow["Paid break hours"]).toBe(hours(row.totals.paidBreakMs));
        expect(Number(csvRow["Days worked"])).toBe(row.totals.daysWorked);
        // The member's own screen shows the same totals for the period.
        const log = await logs(headers, `userId=${row.member.id}&range=period&date=${period}`);
        expect(log.body.totals).toEqual(row.totals);
        if (row.totals.workedMs > 0) members++;
      }
      const detail = await callRaw(payrollHandler, { method: "GET", path: `/api/admin/time/payroll?period=${period}&kind=detail`, headers });
      const punches: Record<string, string>[] = parse(detail.bytes, { columns: true, bom: true, skip_empty_lines: true });
      const punchCount = card.body.rows.reduce((n: number, r: { totals: { daysWorked: number } }) => n + r.totals.daysWorked * 2, 0);
      expect(punches).toHaveLength(punchCount);
    }
    expect(members).toBeGreaterThanOrEqual(6);
  });
});
