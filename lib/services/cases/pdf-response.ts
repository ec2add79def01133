import "server-only";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";

/** A PDF shown inline in a new tab, never cached, framed by no site. */
export function pdfResponse(bytes: Uint8Array, filename: string, extra: Record<string, string> = {}): Response {
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "no-store",
      "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
      ...extra,
    },
  });
}
