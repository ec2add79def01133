/**
 * Large photos are made smaller in the browser before upload: a phone's 12 MP photo (4-8 MB)
 * becomes a JPEG of at most MAX_EDGE pixels on its long side. createImageBitmap with
 * imageOrientation "from-image" applies the EXIF orientation, so the picture stays upright;
 * re-encoding through a canvas writes no EXIF at all, so the GPS position is dropped too.
 * Anything that is not a JPEG/PNG/WebP/HEIC photo, or is already small, is sent as it is.
 */
export const MAX_EDGE = 2048;
export const DOWNSCALE_ABOVE_BYTES = 1.5 * 1024 * 1024;
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"]);

export function needsDownscale(file: { type: string; size: number }): boolean {
  return PHOTO_TYPES.has(file.type) && file.size > DOWNSCALE_ABOVE_BYTES;
}

/** The target size for a picture of width × height: the long side at most `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_EDGE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function downscalePhoto(file: File): Promise<File> {
  if (!needsDownscale(file) || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, "") + ".jpg";
    return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    // A format the browser can't decode (HEIC on some browsers): the server still checks it.
    return file;
  }
}
