import "server-only";
import { notFound } from "@/lib/http/app-error";
import { isInlineType, TEXT_PLAIN } from "./content-type";
import type { ObjectStorage } from "./types";

const PDF = "application/pdf";

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name (RFC 5987). */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * The response for a stored file the caller was already authorized to read: the type checked
 * at upload, nosniff, raster images inline and everything else as a download, and a sandboxing
 * CSP so that even a file opened directly can run nothing.
 */
export async function downloadResponse(
  storage: ObjectStorage,
  file: { storageKey: string; fileName: string; contentType: string },
  options: { framePdf?: boolean } = {},
): Promise<Response> {
  const opened = await storage.open(file.storageKey);
  if (!opened) throw notFound("File not found");
  // A PDF the app's own viewer shows in an <iframe>: inline, framable by this origin only, and
  // without the CSP sandbox (the browser's PDF viewer does not run in a sandboxed document).
  // Its name stays in Content-Disposition, so "Save" and a download keep the original name.
  const pdfView = options.framePdf === true && file.contentType === PDF;
  const inline = pdfView || isInlineType(file.contentType);
  return new Response(opened.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType === TEXT_PLAIN ? "text/plain; charset=utf-8" : file.contentType,
      "Content-Length": String(opened.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": pdfView ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'" : "default-src 'none'; sandbox",
      ...(pdfView ? { "X-Frame-Options": "SAMEORIGIN" } : {}),
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "private, no-cache",
    },
  });
}
