import "server-only";

/**
 * The one builder of a file answer (docs/architecture.md, "Files out"): every operation whose
 * descriptor `produces` a file returns through it, generated (CSV, XLSX, PDF) or stored
 * (lib/storage's downloadResponse). It sets:
 *  - Content-Disposition per RFC 6266: an ASCII fallback name and the exact UTF-8 name (RFC 5987);
 *  - the download CSP: nothing in the file may run or load anything; `sandbox` too, except for a
 *    PDF shown inline (the browser's PDF viewer does not run in a sandboxed document);
 *  - X-Content-Type-Options: nosniff (the browser keeps the declared type);
 *  - Cache-Control: private, no-store for a generated file (a caller's data, made per request).
 */

/** What a downloaded or inline file may do: nothing, and no site may frame it. */
export const DOWNLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
/** An inline PDF: as above, without `sandbox`, which the browser's PDF viewer does not run under. */
export const PDF_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const PDF_TYPE = "application/pdf";
export const CSV_TYPE = "text/csv; charset=utf-8";

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name (RFC 5987). */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

export interface FileResponseOptions {
  fileName: string;
  contentType: string;
  /** "attachment" (default): saved; "inline": shown in the tab (PDFs opened from the app). */
  disposition?: "inline" | "attachment";
  /** A stored file's own policy (lib/storage) instead of the download CSP. */
  contentSecurityPolicy?: string;
  /** Default "private, no-store": a generated file is made for this caller, now. */
  cacheControl?: string;
  status?: number;
  /** More headers (Content-Length, X-Robots-Tag, …). */
  headers?: Record<string, string>;
}

export type FileBody = string | Uint8Array | ReadableStream<Uint8Array>;

/** A file answer with the headers above. */
export function fileResponse(body: FileBody, options: FileResponseOptions): Response {
  const disposition = options.disposition ?? "attachment";
  const inlinePdf = disposition === "inline" && options.contentType.split(";")[0].trim() === PDF_TYPE;
  // ArrayBuffer.isView, not instanceof: the bytes may come from another realm (jest's, Node's Buffer).
  const payload = typeof body !== "string" && ArrayBuffer.isView(body) ? Buffer.from(body) : body;
  return new Response(payload, {
    status: options.status ?? 200,
    headers: {
      "Content-Type": options.contentType,
      "Content-Disposition": contentDisposition(disposition, options.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": options.contentSecurityPolicy ?? (inlinePdf ? PDF_CONTENT_SECURITY_POLICY : DOWNLOAD_CONTENT_SECURITY_POLICY),
      "Cache-Control": options.cacheControl ?? "private, no-store",
      ...options.headers,
    },
  });
}

/** A generated PDF shown inline in a new tab (its name kept for "Save"). */
export function pdfResponse(bytes: Uint8Array, fileName: string, headers: Record<string, string> = {}): Response {
  return fileResponse(bytes, { fileName, contentType: PDF_TYPE, disposition: "inline", headers });
}
