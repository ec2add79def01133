import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as qrPdf } from "@/app/api/admin/punch-qr-pdf/route";
import { signPunchLocation } from "@/lib/services/punch/punch-qr-signature";
import { createUser } from "@/prisma/factories";
import { signIn } from "@/tests/support/auth";
import { useTestDatabase } from "@/tests/support/db";

const testDb = useTestDatabase();

const APP_URL = "https://tasks.bfs.example";
let savedAppUrl: string | undefined;
beforeAll(() => {
  savedAppUrl = process.env.APP_URL;
  process.env.APP_URL = APP_URL;
});
afterAll(() => {
  if (savedAppUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = savedAppUrl;
});

/** Fetches the PDF as bytes (the call helper reads text, which would mangle binary). */
async function fetchPdf(headers: Record<string, string>, query = "") {
  const req = new Request(`http://localhost:3000/api/admin/punch-qr-pdf${query}`, { headers: { host: "localhost:3000", ...headers } });
  const res = await qrPdf(req, { params: Promise.resolve({}) });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Renders page 1 with poppler at 150 dpi and decodes every QR code on it with zbar. */
function decodeQr(pdf: Buffer): { pages: number; codes: string[]; text: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "punch-qr-"));
  try {
    const file = path.join(dir, "punch.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "150", file, path.join(dir, "page")]);
    const pngs = readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
    const out = execFileSync("zbarimg", ["--raw", "-q", path.join(dir, pngs[0])], { encoding: "utf8" });
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    return { pages: pngs.length, codes: out.split("\n").filter(Boolean), text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("GET /api/admin/punch-qr-pdf", () => {
  it("401 for anonymous callers", async () => {
    const { res } = await fetchPdf({});
    expect(res.status).toBe(401);
  });

  it("403 for staff and managers", async () => {
    for (const role of ["staff", "manager"] as const) {
      const user = await createUser(testDb.prisma, { role });
      const { res, bytes } = await fetchPdf(await signIn(user));
      expect(res.status).toBe(403);
      expect(JSON.parse(bytes.toString("utf8"))).toEqual({ message: "Access denied", code: "FORBIDDEN" });
    }
  });

  it("gives admins one printable page whose QR opens /punch-authenticated?auto=true&location=facility, signed", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const { res, bytes } = await fetchPdf(await signIn(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="punch-qr-facility.pdf"; filename*=UTF-8''punch-qr-facility.pdf`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const { pages, codes, text } = decodeQr(bytes);
    expect(pages).toBe(1);
    // Signed: the post's key version and an HMAC of it and the location.
    expect(codes).toEqual([`${APP_URL}/punch-authenticated?auto=true&location=facility&v=1&sig=${signPunchLocation("facility", 1)}`]);
    expect(text).toContain("BFS Pet Memorial Services");
    expect(text).toContain("Open your phone's camera");
    expect(text).toContain("Location: facility");
  });

  it("encodes another post's location", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    const { res, bytes } = await fetchPdf(await signIn(admin), "?location=" + encodeURIComponent("Loading Dock 2"));
    expect(res.status).toBe(200);
    expect(decodeQr(bytes).codes).toEqual([`${APP_URL}/punch-authenticated?auto=true&location=Loading+Dock+2&v=1&sig=${signPunchLocation("Loading Dock 2", 1)}`]);
  });

  it("rejects a location that is not a plain name with 400 naming the field", async () => {
    const admin = await createUser(testDb.prisma, { role: "admin" });
    for (const bad of ["<script>", "a".repeat(51), "x&auto=false"]) {
      const { res, bytes } = await fetchPdf(await signIn(admin), "?location=" + encodeURIComponent(bad));
      expect(res.status).toBe(400);
      expect(JSON.parse(bytes.toString("utf8")).message).toBe("location must be 1-50 letters, digits, spaces, dots, dashes or underscores");
    }
  });
});
