import "server-only";
import { notFound } from "@/lib/http/app-error";
import { isInlineType, TEXT_PLAIN } from "./content-type";
import type { ObjectStorage } from "./types";

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
): Promise<Response> {
  const opened = await storage.open(file.storageKey);
  if (!opened) throw notFound("File not found");
  const inline = isInlineType(file.contentType);
  return new Response(opened.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType === TEXT_PLAIN ? "text/plain; charset=utf-8" : file.contentType,
      "Content-Length": String(opened.size),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "private, no-cache",
    },
  });
}
