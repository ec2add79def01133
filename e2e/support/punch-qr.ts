/**
 * The link printed on a punch post's QR code, read the way a phone does: an administrator
 * downloads the PDF, poppler renders it and zbar decodes the code (the link is signed).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request as playwrightRequest, expect } from "@playwright/test";
import { E2E_BASE_URL } from "./database";

export async function printedPunchLink(location: string): Promise<string> {
  const admin = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  try {
    expect((await admin.post("/api/login", { data: { email: "admin@bfs.demo", password: "bfs-demo-2026" } })).status()).toBe(200);
    const pdf = await admin.get(`/api/admin/punch-qr-pdf?location=${encodeURIComponent(location)}`);
    expect(pdf.status()).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), "e2e-qr-"));
    try {
      writeFileSync(path.join(dir, "qr.pdf"), await pdf.body());
      execFileSync("pdftoppm", ["-png", "-r", "150", path.join(dir, "qr.pdf"), path.join(dir, "page")]);
      const png = readdirSync(dir).find((f) => f.endsWith(".png"))!;
      const url = new URL(execFileSync("zbarimg", ["--raw", "-q", path.join(dir, png)], { encoding: "utf8" }).trim());
      return `${url.pathname}${url.search}`;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await admin.dispose();
  }
}
