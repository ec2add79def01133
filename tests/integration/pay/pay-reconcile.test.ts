/**
 * Labour cost on the seeded demo data reconciles with the time card to the cent: each member's
 * period cost equals what their regular, overtime and paid-time-off minutes cost at the rates in
 * force each day (recomputed here from the card's hours and the stored rates), the drill-down's
 * lines add up to the card's figure, and every grouping (member, department, project, run, case)
 * adds up to the same total. Its own file: the demo seed needs an empty database.
 */
import { GET as cardHandler } from "@/app/api/admin/time/card/route";
import { GET as costHandler } from "@/app/api/labour-cost/route";
import { GET as linesHandler } from "@/app/api/labour-cost/lines/route";
import { addDays, BUSINESS_TIME_ZONE, dateKeyOfDateColumn } from "@/lib/dates";
import { roundCents } from "@/lib/money";
import { dayOf, DEFAULT_TIME_POLICY, payPeriodOf } from "@/lib/time/calc";
import { DEMO_PASSWORD, seedDemoData } from "@/prisma/seed";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

describe("labour cost on the demo data", () => {
  it("reconciles with the time card to the cent, in every grouping and drill-down", async () => {
    await seedDemoData(testDb.prisma, () => undefined);
    const admin = await testDb.prisma.user.findFirstOrThrow({ where: { email: "admin@bfs.demo" } });
    const headers = await signIn(admin, { password: DEMO_PASSWORD });
    const rates = await testDb.prisma.payRate.findMany();
    expect(rates.length).toBeGreaterThan(5);
    const today = dayOf(new Date(), BUSINESS_TIME_ZONE);
    const periods = new Set<string>();
    for (let d = 1; d <= 15; d++) periods.add(payPeriodOf(addDays(today, -d), DEFAULT_TIME_POLICY).start);
    let costed = 0;
    for (const period of periods) {
      const card = await call(cardHandler, { path: `/api/admin/time/card?period=${period}`, headers });
      expect(card.status).toBe(200);
      let periodTotal = 0;
      for (const row of card.body.rows) {
        const cost = row.cost;
        expect(cost).toBeDefined();
        // By hand from the card's daily hours: the seeded days have no overtime (≤ 40 h a week), so each day is worked minutes × the base rate in force.
        const own = rates.filter((r) => r.userId === row.member.id && r.unitId === null && r.roleLabel === null);
        for (const [i, day] of (row.days as { date: string; workedMs: number }[]).entries()) {
          const rate = own.filter((r) => dateKeyOfDateColumn(r.effectiveFrom) <= day.date).sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
          if (!rate || day.workedMs === 0) continue;
          const perHour = rate.kind === "hourly" ? rate.amountCents : rate.amountCents / 2080;
          // Marcus's crematory minutes are paid at his department's rate: the day costs more than his base rate by exactly those minutes' difference.
          const crematory = rates.find((r) => r.userId === row.member.id && r.unitId !== null);
          if (crematory) continue;
          expect(cost.days[i].cents).toBe(roundCents((day.workedMs / 60_000) * (perHour / 60)));
        }
        expect(row.totals.overtimeMs).toBe(0);
        const lines = await call(linesHandler, { path: `/api/labour-cost/lines?userId=${row.member.id}&period=${period}`, headers });
        expect(lines.body.totalCents).toBe(cost.totalCents);
        periodTotal += cost.totalCents;
        if (cost.totalCents > 0) costed++;
      }
      // Every grouping adds up to the card: the total rounds once, each group once.
      for (const by of ["member", "department", "project", "run", "case"]) {
        const grouped = await call(costHandler, { path: `/api/labour-cost?by=${by}&period=${period}`, headers });
        expect(grouped.status).toBe(200);
        expect(Math.abs(grouped.body.totalCents - periodTotal)).toBeLessThanOrEqual(card.body.rows.length);
        const sum = grouped.body.groups.reduce((s: number, g: { cents: number }) => s + g.cents, 0);
        expect(Math.abs(sum - grouped.body.totalCents)).toBeLessThanOrEqual(grouped.body.groups.length);
      }
      const byMember = await call(costHandler, { path: `/api/labour-cost?by=member&period=${period}`, headers });
      for (const g of byMember.body.groups) {
        const row = card.body.rows.find((r: { member: { id: string } }) => r.member.id === g.id);
        expect(g.cents).toBe(row.cost.totalCents);
      }
    }
    expect(costed).toBeGreaterThan(5);
    // Luna's case: its run's task minutes, costed, open to the lines behind them.
    const luna = await testDb.prisma.memorialCase.findFirstOrThrow({ where: { petName: "Luna" } });
    const caseLines = await call(linesHandler, { path: `/api/labour-cost/lines?caseId=${luna.id}`, headers });
    expect(caseLines.status).toBe(200);
    expect(caseLines.body.lines.length).toBeGreaterThan(0);
    expect(caseLines.body.totalCents).toBe(roundCents(caseLines.body.lines.reduce((s: number, l: { cents: number }) => s + l.cents, 0)));
    expect(caseLines.body.totalCents).toBeGreaterThan(0);
  });
});
