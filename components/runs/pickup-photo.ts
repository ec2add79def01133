/**
 * The pickup's photo, scaled on the phone to at most 800 px on its long side and 200 KB as a JPEG
 * data URL: a pickup made without a signal waits in the phone's queue (localStorage, a few MB for
 * every queued write), so its photo is kept smaller than a case photo's 700 KB.
 */
export const PICKUP_PHOTO_MAX_BYTES = 200 * 1024;

export async function pickupPhotoDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 800 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.8, 0.65, 0.5, 0.35]) {
    const url = canvas.toDataURL("image/jpeg", quality);
    // base64 is 4/3 of the bytes.
    if (((url.length - url.indexOf(",") - 1) * 3) / 4 <= PICKUP_PHOTO_MAX_BYTES) return url;
  }
  throw new Error("The photo is too large even when scaled down");
}
