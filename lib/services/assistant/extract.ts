import "server-only";

/** The most text kept from one attachment (about 5,000 tokens); the rest is cut with a note. */
export const EXTRACT_MAX_CHARS = 20_000;

export const EXTRACTABLE_TYPES = new Set([
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
]);

/**
 * The text of a PDF (unpdf, a maintained pdf.js build for servers), a docx (mammoth) or a
 * plain text file, bounded to EXTRACT_MAX_CHARS. Images and legacy .doc files have no text
 * here (null); a file that cannot be read gives null rather than failing the upload.
 */
export async function extractText(bytes: Uint8Array, contentType: string): Promise<string | null> {
  try {
    let text: string;
    if (contentType === "text/plain") {
      text = new TextDecoder("utf-8").decode(bytes);
    } else if (contentType === "application/pdf") {
      const { extractText: pdfText, getDocumentProxy } = await import("unpdf");
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      const result = await pdfText(pdf, { mergePages: true });
      text = Array.isArray(result.text) ? result.text.join("\n") : result.text;
    } else if (contentType === "application/vnd.openxmlformats-officedocument.wordprocessingml.document") {
      const mammoth = await import("mammoth");
      const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      text = result.value;
    } else {
      return null;
    }
    const normalized = text.replace(/\u0000/g, "").replace(/\r\n?/g, "\n").replace(/\n{3,}/g, "\n\n").trim();
    return normalized.length > EXTRACT_MAX_CHARS ? `${normalized.slice(0, EXTRACT_MAX_CHARS)}\n… (the rest of the file was cut)` : normalized;
  } catch {
    return null;
  }
}
