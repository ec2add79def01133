import {
  BETA_MAX_FILE_BYTES,
  BETA_TOASTS,
  formatFileSize,
  isAcceptedBetaContentType,
  looksAcceptedByBrowser,
  stripBetaPrefix,
  withBetaPrefix,
} from "./options";
import { betaIssuePermissions, canViewBetaIssue } from "./permissions";

describe("the [BETA] prefix", () => {
  it("is added exactly once and does not count as a title", () => {
    expect(withBetaPrefix("Crash")).toBe("[BETA] Crash");
    expect(withBetaPrefix("[BETA] Crash")).toBe("[BETA] Crash");
    expect(withBetaPrefix("  [beta]   [BETA]Crash ")).toBe("[BETA] Crash");
    expect(stripBetaPrefix("[BETA] ")).toBe("");
    expect(stripBetaPrefix("")).toBe("");
    expect(stripBetaPrefix("Beta testers [BETA] note")).toBe("Beta testers [BETA] note");
  });
});

describe("attachments", () => {
  it("the limit is 10 MiB and the spec's messages name the file", () => {
    expect(BETA_MAX_FILE_BYTES).toBe(10_485_760);
    expect(BETA_TOASTS.tooLarge("a.png")).toBe("File a.png exceeds 10MB limit.");
    expect(BETA_TOASTS.invalidType("a.exe")).toBe("File a.exe is not supported. Please use images, videos, PDFs, or text files.");
  });

  it("the dialog's early check follows the browser's claim, else the extension", () => {
    const ok = (name: string, type: string) => looksAcceptedByBrowser({ name, type });
    expect(ok("a.png", "image/png")).toBe(true);
    expect(ok("clip.mov", "video/quicktime")).toBe(true);
    expect(ok("r.pdf", "application/pdf")).toBe(true);
    expect(ok("log.txt", "text/plain")).toBe(true);
    expect(ok("console.log", "")).toBe(true);
    expect(ok("data.csv", "text/csv")).toBe(true);
    expect(ok("logo.svg", "image/svg+xml")).toBe(false);
    expect(ok("page.html", "text/html")).toBe(false);
    expect(ok("page.htm", "")).toBe(false);
    expect(ok("setup.exe", "application/x-msdownload")).toBe(false);
    expect(ok("doc.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(false);
    expect(ok("mystery", "")).toBe(false);
  });

  it("the server accepts images (not SVG), videos, PDF and plain text by detected type", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp", "video/mp4", "video/webm", "application/pdf", "text/plain"]) {
      expect(isAcceptedBetaContentType(type)).toBe(true);
    }
    for (const type of ["image/svg+xml", "text/html", "application/zip", "application/x-msdownload", "audio/mpeg"]) {
      expect(isAcceptedBetaContentType(type)).toBe(false);
    }
  });

  it("sizes read as people expect", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(200 * 1024)).toBe("200 KB");
    expect(formatFileSize(BETA_MAX_FILE_BYTES)).toBe("10.0 MB");
  });
});

describe("permissions", () => {
  const issue = { reporterId: "u1" };
  it("the reporter sees and comments; admins also triage, convert and delete; others nothing", () => {
    expect(betaIssuePermissions({ userId: "u1", role: "staff" }, issue)).toEqual({ canComment: true, canTriage: false, canConvert: false, canDelete: false });
    expect(betaIssuePermissions({ userId: "a", role: "admin" }, issue)).toEqual({ canComment: true, canTriage: true, canConvert: true, canDelete: true });
    expect(canViewBetaIssue({ userId: "u2", role: "manager" }, issue)).toBe(false);
    expect(canViewBetaIssue({ userId: "u2", role: "staff" }, issue)).toBe(false);
  });
});
