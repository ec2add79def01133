import "server-only";
import { notFound } from "@/lib/http/app-error";
import { fileResponse, PDF_TYPE } from "@/lib/http/file-response";
import { isInlineType, TEXT_PLAIN } from "./content-type";
import type { ObjectStorage } from "./types";

export { contentDisposition } from "@/lib/http/file-response";

/**
 * The response for a stored file the caller was already authorized to read, through
 * fileResponse(): the type checked at upload, nosniff, raster images inline and everything else
 * as a download, and a sandboxing CSP so that even a file opened directly can run nothing.
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
  const pdfView = options.framePdf === true && file.contentType === PDF_TYPE;
  const inline = pdfView || isInlineType(file.contentType);
  return fileResponse(opened.body, {
    fileName: file.fileName,
    contentType: file.contentType === TEXT_PLAIN ? "text/plain; charset=utf-8" : file.contentType,
    disposition: inline ? "inline" : "attachment",
    contentSecurityPolicy: pdfView ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'" : "default-src 'none'; sandbox",
    // A stored file never changes under its key, but access can be withdrawn: revalidate each time.
    cacheControl: "private, no-cache",
    headers: {
      "Content-Length": String(opened.size),
      ...(pdfView ? { "X-Frame-Options": "SAMEORIGIN" } : {}),
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
