import { createMemorialCase, recordCaseScans } from "../prisma/factories";
import { expect, test } from "./support/fixtures";

/**
 * Path segments as a client really sends them, through the server (scripts/server.ts refuses a
 * percent-escape that is not UTF-8), Next's router (which percent-decodes the segment) and
 * route()'s one parser
 * (lib/http/path-params.ts): a 4xx, never a 500. The jest tests call the handlers with what the
 * router hands over; this checks the router's part on the real server.
 */
test("malformed escapes, NUL and out-of-range numbers in API paths answer 4xx, never 500", async ({ request, db }) => {
  const login = await request.post("/api/login", { data: { email: "jamie@bfs.demo", password: "bfs-demo-2026" } });
  expect(login.status()).toBe(200);
  const staff = await db.user.findUniqueOrThrow({ where: { email: "jamie@bfs.demo" } });
  const kase = await createMemorialCase(db, { createdById: staff.id, tagSerial: `E2E-${Date.now()}%` });
  await recordCaseScans(db, { caseId: kase.id, memberId: staff.id, stations: ["intake"] });

  const paths = [
    "/api/cases/%25",
    "/api/cases/%25zz",
    "/api/cases/%E0%A4%A",
    "/api/cases/%00",
    "/api/cases/C-2026-00001%00",
    "/api/cases/%0D%0A",
    "/api/cases/%ED%A0%80",
    `/api/cases/${kase.number}/events/99999999999/file`,
    `/api/cases/${kase.number}/events/2147483648/file`,
    `/api/cases/${kase.number}/events/-1/file`,
    "/api/tasks/%00",
    "/api/tasks/%25",
    "/api/members/99999999999",
    "/api/statistics/%00",
    "/api/projects?q=%00",
  ];
  const answers: Record<string, number> = {};
  for (const path of paths) answers[path] = (await request.get(path)).status();
  expect(Object.entries(answers).filter(([, status]) => status >= 500 || status < 400)).toEqual([]);

  // A path the router cannot decode: scripts/server.ts answers 400 (Next's router would answer a plain 500).
  for (const path of ["/api/cases/%E0%A4%A", "/api/cases/%ED%A0%80"]) {
    const malformed = await request.get(path);
    expect(malformed.status(), path).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "BAD_REQUEST" });
  }
  expect((await request.get("/c/%E0%A4%A")).status()).toBe(400);

  // The JSON 404 of route(), naming the resource, for what reaches it.
  const percent = await request.get("/api/cases/%25");
  expect(percent.status()).toBe(404);
  expect(await percent.json()).toMatchObject({ code: "NOT_FOUND", message: "Case not found" });
  const seq = await request.get(`/api/cases/${kase.number}/events/99999999999/file`);
  expect(seq.status()).toBe(404);
  expect(await seq.json()).toMatchObject({ code: "NOT_FOUND", message: "File not found" });

  // A tag serial with a percent sign, sent encoded once, finds its case (nothing decodes it twice).
  const byTag = await request.get(`/api/cases/${encodeURIComponent(kase.tagSerial)}`);
  expect(byTag.status()).toBe(200);
  expect((await byTag.json()).number).toBe(kase.number);
});
