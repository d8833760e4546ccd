// Phone photos are 4000 px and 5 MB and more; the centre needs a readable scan, not that. Scaled in the browser
// before upload (canvas), so a citizen on a slow mobile link sends a tenth of it.

/** The longest side a photo keeps; larger ones are scaled down to it. */
export const MAX_PHOTO_SIDE = 2000;
/** JPEG quality of a scaled photo. */
export const PHOTO_QUALITY = 0.85;

/** The size a `width` x `height` image is scaled to (unchanged when it fits). */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A JPEG or PNG over {@link MAX_PHOTO_SIDE} px scaled down to it (as JPEG, `.jpg` name); anything else, or an image
 * the browser cannot decode, as it was (the server decides then).
 */
export async function downscaleImage(file: File): Promise<{ blob: Blob; name: string; scaled: boolean }> {
  const same = { blob: file as Blob, name: file.name, scaled: false };
  if (!/^image\/(jpeg|png)$/.test(file.type) || typeof createImageBitmap !== 'function') return same;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return same;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  if (size.width === bitmap.width && size.height === bitmap.height) {
    bitmap.close();
    return same;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return same;
  ctx.fillStyle = '#fff'; // a PNG's transparency turns white, not black, in JPEG
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY));
  if (!blob) return same;
  return { blob, name: file.name.replace(/\.[^.]*$/, '') + '.jpg', scaled: true };
}
