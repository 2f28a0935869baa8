import { encodeBase64 } from '@pavilion/domain/common/base64';
import type { TRegistrationPhotoRequest } from '@pavilion/domain/registration/registration.schemas';

/** The longest side of an uploaded photo: enough for a gate screen and a badge, far below the 512 KB limit. */
export const PHOTO_MAX_SIDE = 480;

/** Width and height that fit `max` on the longest side, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Decodes the chosen file in the browser and re-encodes it as a JPEG of at most 480 px (which also drops EXIF data such
 * as the location). Throws Error('unreadable') for a file the browser cannot decode.
 */
export async function shrinkPhoto(file: File): Promise<TRegistrationPhotoRequest> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('unreadable');
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('unreadable');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('unreadable');
  return { contentType: 'image/jpeg', dataBase64: encodeBase64(new Uint8Array(await blob.arrayBuffer())) };
}
