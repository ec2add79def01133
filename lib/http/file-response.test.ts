import { contentDisposition, DOWNLOAD_CONTENT_SECURITY_POLICY, fileResponse, PDF_CONTENT_SECURITY_POLICY, pdfResponse } from "./file-response";

describe("fileResponse", () => {
  it("names the file per RFC 6266 (ASCII fallback, exact UTF-8 name) and sets the download headers", async () => {
    const res = fileResponse("a,b\r\n", { fileName: "time-log-Zoë \"x\".csv", contentType: "text/csv; charset=utf-8" });
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="time-log-Zo_ _x_.csv"; filename*=UTF-8''time-log-Zo%C3%AB%20%22x%22.csv`);
    expect(res.headers.get("content-security-policy")).toBe(DOWNLOAD_CONTENT_SECURITY_POLICY);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.text()).toBe("a,b\r\n");
  });

  it("shows a PDF inline without the sandbox the browser's viewer cannot run under", async () => {
    const res = pdfResponse(new Uint8Array([37, 80, 68, 70]), "label.pdf", { "X-Robots-Tag": "noindex" });
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="label.pdf"; filename*=UTF-8''label.pdf`);
    expect(res.headers.get("content-security-policy")).toBe(PDF_CONTENT_SECURITY_POLICY);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe("%PDF");
  });

  it("keeps parentheses, quotes and apostrophes out of the encoded name", () => {
    expect(contentDisposition("inline", "it's (1).png")).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
