/**
 * The cremation log (docs/cases.md "Cremation log"): chamber passages of a range by day and
 * chamber, numbered in cycles, with the operator and the weights; pagination; 400s naming the
 * field; the PDF (read back with pdftotext when poppler is installed) and the CSV; API keys.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as logHandler } from "@/app/api/cases/cremation-log/route";
import { GET as exportHandler } from "@/app/api/cases/cremation-log/export/route";
import { PDFDocument } from "pdf-lib";
import { COMPANY_NAME } from "@/lib/constants";
import { startOfDay } from "@/lib/dates/instants";
import { createApiKey, createMemorialCase, recordCaseScans } from "@/prisma/factories";
import { call } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";
import { callRaw } from "@/tests/support/uploads";
import { person } from "../tasks/fixtures";

const testDb = useTestDatabase();
type Who = Awaited<ReturnType<typeof person>>;
let staff: Who, manager: Who, operator: Who;
let chamberA: string, chamberB: string;

const DAY = "2026-03-10";
const at = (day: string, hours: number) => new Date(startOfDay(day).getTime() + hours * 3_600_000);

/** A case that went through chamber in (and out, unless `end` is null) at the given times. */
async function cremated(input: { serviceType: "private" | "partitioned" | "communal"; petName: string; chamberId: string; start: Date; end: Date | null; body?: number; remains?: number }) {
  const c = await createMemorialCase(testDb.prisma, {
    createdById: manager.id,
    serviceType: input.serviceType,
    petName: input.petName,
    petWeightLbs: input.body ?? null,
    remainsWeightLbs: input.remains ?? null,
    returnMethod: input.serviceType === "communal" ? null : "pickup_here",
    receivedAt: new Date(input.start.getTime() - 5 * 3_600_000),
  });
  const before = (h: number) => new Date(input.start.getTime() - h * 3_600_000);
  const stations = ["intake", "cooler_in", "cooler_out", "chamber_in", ...(input.end ? (["chamber_out"] as const) : [])] as Parameters<typeof recordCaseScans>[1]["stations"];
  const times = [before(3), before(2), before(1), input.start, ...(input.end ? [input.end] : [])];
  await recordCaseScans(testDb.prisma, { caseId: c.id, memberId: operator.id, stations, chamberId: input.chamberId, times });
  return c;
}

beforeAll(async () => {
  [staff, manager, operator] = [await person(testDb.prisma), await person(testDb.prisma, "manager"), await person(testDb.prisma, "staff", { firstName: "Olga", lastName: "Operator" })];
  chamberA = (await testDb.prisma.cremationChamber.create({ data: { name: "A Retort" } })).id;
  chamberB = (await testDb.prisma.cremationChamber.create({ data: { name: "B Retort" } })).id;
  // Chamber A: one private cremation. Chamber B: two partitioned pets together (one cycle), then a communal cycle.
  await cremated({ serviceType: "private", petName: "Bella", chamberId: chamberA, start: at(DAY, 9), end: at(DAY, 10.5), body: 68, remains: 2.38 });
  await cremated({ serviceType: "partitioned", petName: "Max", chamberId: chamberB, start: at(DAY, 11), end: at(DAY, 13), body: 24 });
  await cremated({ serviceType: "partitioned", petName: "Milo", chamberId: chamberB, start: at(DAY, 11.1), end: at(DAY, 13.05), body: 12.5 });
  await cremated({ serviceType: "communal", petName: "Cooper", chamberId: chamberB, start: at(DAY, 14), end: at(DAY, 15) });
  // One outside the range; the next day, one still in the chamber.
  await cremated({ serviceType: "private", petName: "Old", chamberId: chamberA, start: at("2026-02-01", 8), end: at("2026-02-01", 9) });
  await cremated({ serviceType: "private", petName: "Luna", chamberId: chamberA, start: at("2026-03-11", 8), end: null, body: 9.5 });
});

const log = (headers: Record<string, string>, query: string) => call(logHandler, { path: `/api/cases/cremation-log?${query}`, headers });

describe("GET /api/cases/cremation-log", () => {
  it("lists each chamber passage of the range by day, chamber and cycle, with the operator and the weights", async () => {
    const res = await log(staff.headers, "from=2026-03-10&to=2026-03-11");
    expect(res.status).toBe(200);
    expect([res.body.total, res.body.cycles, res.body.chamber]).toEqual([5, 4, null]);
    const rows = res.body.items as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.day, (r.chamber as { name: string }).name, r.cycle, r.petName, r.serviceType])).toEqual([
      ["2026-03-10", "A Retort", 1, "Bella", "private"],
      ["2026-03-10", "B Retort", 1, "Max", "partitioned"],
      ["2026-03-10", "B Retort", 1, "Milo", "partitioned"],
      ["2026-03-10", "B Retort", 2, "Cooper", "communal"],
      ["2026-03-11", "A Retort", 1, "Luna", "private"],
    ]);
    expect(rows[0]).toMatchObject({
      startedAt: at(DAY, 9).toISOString(),
      endedAt: at(DAY, 10.5).toISOString(),
      operator: "Olga Operator",
      bodyWeightLbs: 68,
      remainsWeightLbs: 2.38,
      caseNumber: expect.stringMatching(/^C-\d{4}-\d{5}$/),
    });
    expect(rows[4]).toMatchObject({ endedAt: null, remainsWeightLbs: null, bodyWeightLbs: 9.5 });
  });

  it("filters by chamber and pages; a page past the end keeps the totals", async () => {
    const b = await log(staff.headers, `from=${DAY}&to=${DAY}&chamberId=${chamberB}`);
    expect([b.body.chamber, b.body.total, b.body.cycles, b.body.items.map((r: { petName: string }) => r.petName)]).toEqual([{ id: chamberB, name: "B Retort" }, 3, 2, ["Max", "Milo", "Cooper"]]);
    const page2 = await log(staff.headers, "from=2026-03-10&to=2026-03-11&limit=2&offset=2");
    expect([page2.body.total, page2.body.items.map((r: { petName: string }) => r.petName)]).toEqual([5, ["Milo", "Cooper"]]);
    const past = await log(staff.headers, "from=2026-03-10&to=2026-03-11&limit=2&offset=40");
    expect([past.body.total, past.body.cycles, past.body.items]).toEqual([5, 4, []]);
    const none = await log(staff.headers, "from=2025-01-01&to=2025-01-31");
    expect([none.status, none.body.total, none.body.items]).toEqual([200, 0, []]);
  });

  it("answers 400 naming the field: bad dates, a range in the wrong order or over a year, a bad chamber or page", async () => {
    const cases: Array<[string, string]> = [
      ["to=2026-03-10", "from"],
      ["from=2026-02-30&to=2026-03-10", "from"],
      ["from=10/03/2026&to=2026-03-10", "from"],
      ["from=2026-03-10&to=2026-13-01", "to"],
      ["from=2026-03-11&to=2026-03-10", "from"],
      ["from=2025-01-01&to=2026-01-02", "to"],
      ["from=2026-03-10&to=2026-03-10&chamberId=abc", "chamberId"],
      ["from=2026-03-10&to=2026-03-10&limit=500", "limit"],
      ["from=2026-03-10&to=2026-03-10&offset=-1", "offset"],
    ];
    for (const [query, field] of cases) {
      const res = await log(staff.headers, query);
      expect([query, res.status, res.body.message]).toEqual([query, 400, expect.stringContaining(field)]);
    }
    // A year is allowed, a leap year's 366 days included.
    expect((await log(staff.headers, "from=2025-01-01&to=2026-01-01")).status).toBe(200);
    expect((await log(staff.headers, "from=2024-01-01&to=2024-12-31")).status).toBe(200);
    const unknown = await log(staff.headers, `from=${DAY}&to=${DAY}&chamberId=00000000-0000-4000-8000-000000000000`);
    expect([unknown.status, unknown.body.message]).toEqual([404, "Chamber not found"]);
  });

  it("needs a signed-in member or a cases:read API key", async () => {
    expect((await log({}, `from=${DAY}&to=${DAY}`)).status).toBe(401);
    const key = async (scopes: string[]) => ({ authorization: `Bearer ${(await createApiKey(testDb.prisma, { createdById: manager.id, actingUserId: manager.id, scopes })).token}` });
    expect((await log(await key(["cases:read"]), `from=${DAY}&to=${DAY}`)).body.total).toBe(4);
    expect((await log(await key(["cases:write"]), `from=${DAY}&to=${DAY}`)).status).toBe(403);
    const exp = (headers: Record<string, string>) => callRaw(exportHandler, { method: "GET", path: `/api/cases/cremation-log/export?from=${DAY}&to=${DAY}&format=csv`, headers });
    expect((await exp(await key(["cases:read"]))).status).toBe(200);
    expect((await exp(await key(["cases:write"]))).status).toBe(403);
    expect((await exp({})).status).toBe(401);
  });
});

describe("GET /api/cases/cremation-log/export", () => {
  const download = (query: string) => callRaw(exportHandler, { method: "GET", path: `/api/cases/cremation-log/export?${query}`, headers: manager.headers });

  it("the CSV holds the screen's rows with local times and the weights", async () => {
    const res = await download(`from=${DAY}&to=2026-03-11&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="cremation-log-2026-03-10-to-2026-03-11.csv"');
    const lines = (res.body as string).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Day,Chamber,Cycle,Case,Pet,Species,Service type,Chamber in,Chamber out,Operator,Body weight (lb),Remains weight (lb)");
    expect(lines).toHaveLength(6);
    const bella = lines[1].split(",");
    expect([bella[0], bella[1], bella[2], bella[4], bella[6], bella[9], bella[10], bella[11]]).toEqual(["2026-03-10", "A Retort", "1", "Bella", "Private cremation", "Olga Operator", "68.00", "2.38"]);
    expect(bella[7]).toMatch(/^2026-03-10 \d{2}:00$/);
    expect(lines[5].split(",")[8]).toBe("");
  });

  it("the PDF is the inspector's document: the business, the range, the rows, page numbers and when it was generated", async () => {
    const res = await download(`from=${DAY}&to=2026-03-11&format=pdf&chamberId=${chamberB}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("inline");
    expect(Buffer.from(res.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    // pdf-lib reads it back: one landscape Letter page.
    const doc = await PDFDocument.load(res.bytes);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[792, 612]]);
    expect(doc.getTitle()).toBe(`${COMPANY_NAME} - Cremation log - 2026-03-10 to 2026-03-11`);
    let text: string;
    const dir = mkdtempSync(path.join(tmpdir(), "cremlog-"));
    try {
      writeFileSync(path.join(dir, "log.pdf"), res.bytes);
      text = execFileSync("pdftotext", ["-layout", path.join(dir, "log.pdf"), "-"], { encoding: "utf8" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      // No poppler on this machine (CI installs it): pdf-lib's reading above is what is checked.
      return;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const expected of [COMPANY_NAME, "Cremation log", "2026-03-10 to 2026-03-11", "B Retort", "3 cremations in 2 cycles", "Max (Dog)", "Partitioned", "Cooper", "Communal", "Olga Operator", "Page 1 of 1", `Generated `, "by "]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Bella");
  });

  it("is bounded like the screen: 400s naming the field", async () => {
    const res = await download("from=2024-01-01&to=2025-01-01&format=pdf");
    expect([res.status, res.body.message]).toEqual([400, expect.stringContaining("to")]);
    const fmt = await download(`from=${DAY}&to=${DAY}&format=xlsx`);
    expect([fmt.status, fmt.body.message]).toEqual([400, expect.stringContaining("format")]);
  });
});
