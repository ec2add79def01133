import "server-only";
import { fileTypeFromBuffer } from "file-type";

/** How many leading bytes are read before deciding a file's type. */
export const SNIFF_BYTES = 8192;

export const TEXT_PLAIN = "text/plain";

/** Types that can run script in a browser: refused whatever an upload policy says. */
const NEVER_ACCEPTED = new Set(["image/svg+xml", "text/html", "application/xhtml+xml", "application/xml", "text/xml"]);

/** Raster images every browser shows safely; the only types served inline. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);

/** Markup at the start of a "text" file: HTML, SVG or XML that a browser could render. */
const MARKUP_START = /^(?:\uFEFF)?\s*<(?:!doctype|html|head|body|script|svg|\?xml|iframe|object|embed|meta|link|style|title|!--)/i;

/**
 * The content type of a file from its first bytes (magic numbers, via file-type), or null when
 * it is none we can name. Plain text has no magic number: it is text/plain when the sample is
 * valid UTF-8 without NUL bytes and does not open with markup (an HTML page renamed .png or
 * .txt stays refused).
 */
export async function detectContentType(sample: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(sample);
  if (detected) return NEVER_ACCEPTED.has(detected.mime) ? null : detected.mime;
  return looksLikePlainText(sample) ? TEXT_PLAIN : null;
}

function looksLikePlainText(sample: Uint8Array): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  // The sample may end inside a multi-byte character: drop up to 3 trailing bytes of one.
  let end = sample.length;
  for (let i = 0; i < 3 && end > 0 && (sample[end - 1] & 0xc0) === 0x80; i++) end--;
  if (end > 0 && sample[end - 1] >= 0xc0) end--;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(sample.subarray(0, end));
  } catch {
    return false;
  }
  // Control characters other than tab, newlines and form feed mean binary.
  if (/[\u0001-\u0008\u000e-\u001f\u007f]/.test(text)) return false;
  return !MARKUP_START.test(text);
}

/** Whether a stored type may be shown in the page (raster images) rather than downloaded. */
export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

export function isNeverAccepted(contentType: string): boolean {
  return NEVER_ACCEPTED.has(contentType);
}
