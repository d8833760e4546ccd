// The confirmation page's scanner: a picture of the desktop's screen in, the code id of the login QR on it out.

const SCANNED = /#\/qrConfirm\?codeId=([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/**
 * The code id a login QR carries: its text is the confirmation page's address (`…/home.html#/qrConfirm?codeId=<id>`),
 * from whichever host published it. Null for any other text.
 *
 * @example
 * scannedCodeId('https://gjj.example.gov.cn/home.html#/qrConfirm?codeId=0b7e…') // '0b7e…'
 * scannedCodeId('https://example.com') // null
 */
export function scannedCodeId(text: string | null | undefined): string | null {
  return SCANNED.exec(text?.trim() ?? '')?.[1]?.toLowerCase() ?? null;
}

/** A phone photo is scaled down to this many pixels on its longer side before decoding: enough for a QR, and fast. */
const MAX_SIDE = 1600;

/**
 * The text of the QR in a picture (a photo the phone's camera took, or any image file), or null when none is found.
 * The decoder (jsQR) loads on first use.
 *
 * @example
 * const text = await readQrText(input.files[0])
 */
export async function readQrText(picture: Blob): Promise<string | null> {
  const [{ default: jsQR }, bitmap] = await Promise.all([import('jsqr'), createImageBitmap(picture)]);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
}
