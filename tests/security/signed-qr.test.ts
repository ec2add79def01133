/**
 * Only the printed (signed) QR link punches at once; a rotated post's old
 * printouts stop working. The page side (the "Punch in at …?" confirm) is in e2e/punch.spec.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as qrPdf } from "@/app/api/admin/punch-qr-pdf/route";
import { POST as rotate } from "@/app/api/admin/punch-stations/rotate/route";
import { verifyPunchQr } from "@/lib/services/punch/punch-qr-signature";
import { createUser } from "@/prisma/factories";
import { call, signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

let adminHeaders: Record<string, string>;
beforeAll(async () => {
  adminHeaders = await signIn(await createUser(testDb.prisma, { role: "admin" }));
});

/** The URL in the printed code, read back from the PDF with poppler and zbar. */
async function printedUrl(location: string): Promise<URL> {
  const req = new Request(`http://localhost:3000/api/admin/punch-qr-pdf?location=${encodeURIComponent(location)}`, { headers: { host: "localhost:3000", ...adminHeaders } });
  const res = await qrPdf(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), "signed-qr-"));
  try {
    writeFileSync(path.join(dir, "qr.pdf"), Buffer.from(await res.arrayBuffer()));
    execFileSync("pdftoppm", ["-png", "-r", "150", path.join(dir, "qr.pdf"), path.join(dir, "page")]);
    const png = readdirSync(dir).find((f) => f.endsWith(".png"))!;
    return new URL(execFileSync("zbarimg", ["--raw", "-q", path.join(dir, png)], { encoding: "utf8" }).trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const verify = (url: URL, location = url.searchParams.get("location")!) =>
  verifyPunchQr({ location, keyVersion: url.searchParams.get("v"), signature: url.searchParams.get("sig") });

describe("signed punch QR codes", () => {
  it("the printed link verifies; a plain link, another location or a forged signature does not", async () => {
    const url = await printedUrl("Front Desk");
    expect(url.searchParams.get("auto")).toBe("true");
    expect(await verify(url)).toBe(true);
    expect(await verifyPunchQr({ location: "Front Desk" })).toBe(false);
    expect(await verify(url, "Back Door")).toBe(false);
    expect(await verifyPunchQr({ location: "Front Desk", keyVersion: "1", signature: "A".repeat(22) })).toBe(false);
    expect(await verifyPunchQr({ location: "Front Desk", keyVersion: "2", signature: url.searchParams.get("sig") })).toBe(false);
  });

  it("rotating a post voids its old printouts; the next printout carries the new version", async () => {
    const old = await printedUrl("Kennel");
    const res = await call(rotate, { method: "POST", path: "/api/admin/punch-stations/rotate", headers: adminHeaders, body: { location: "Kennel" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ location: "Kennel", keyVersion: 2 });
    expect(await verify(old)).toBe(false);
    const fresh = await printedUrl("Kennel");
    expect(fresh.searchParams.get("v")).toBe("2");
    expect(await verify(fresh)).toBe(true);
    expect((await testDb.prisma.punchStation.findUniqueOrThrow({ where: { location: "Kennel" } })).rotatedAt).not.toBeNull();
  });

  it("only admins rotate (401 anonymous, 403 staff), and the location is validated", async () => {
    expect((await call(rotate, { method: "POST", path: "/api/admin/punch-stations/rotate", body: { location: "Kennel" } })).status).toBe(401);
    const staff = await signIn(await createUser(testDb.prisma));
    expect((await call(rotate, { method: "POST", path: "/api/admin/punch-stations/rotate", headers: staff, body: { location: "Kennel" } })).status).toBe(403);
    const bad = await call(rotate, { method: "POST", path: "/api/admin/punch-stations/rotate", headers: adminHeaders, body: { location: "<script>" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("location must be 1-50 letters, digits, spaces, dots, dashes or underscores");
  });
});
