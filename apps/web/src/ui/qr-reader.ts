/**
 * QR reading from a camera or a picture, with jsQR (loaded on first use). jsQR rather than ZXing: ZXing-js failed
 * to find about one in seven of our credential codes (version 8–9, byte mode) even in clean renders, while jsQR read
 * every one (measured over random credentials; see checkout.routes.test.ts, which decodes the ticket QR the same way).
 */

type TJsQr = typeof import('jsqr').default;
let loader: Promise<TJsQr> | null = null;
const loadJsQr = () => (loader ??= import('jsqr').then((m) => m.default));

/** Longest side of the frame handed to the decoder: enough for a badge at arm's length, cheap on a phone. */
const MAX_SIDE = 720;

function readCanvas(jsQR: TJsQr, canvas: HTMLCanvasElement, source: CanvasImageSource, width: number, height: number): string | null {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  const code = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'attemptBoth' });
  return code?.data || null;
}

export type TQrCamera = { stop(): void };

/**
 * Opens the (rear) camera into `video` and calls `onText` for every frame in which a QR code is read, about every
 * `intervalMs`. Rejects with the getUserMedia error (e.g. NotAllowedError) when the camera cannot be opened.
 */
export async function startQrCamera(video: HTMLVideoElement, onText: (text: string) => void, intervalMs = 150): Promise<TQrCamera> {
  const jsQR = await loadJsQr();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => undefined);
  const canvas = document.createElement('canvas');
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    if (stopped) return;
    if (video.readyState >= 2 && video.videoWidth > 0) {
      const text = readCanvas(jsQR, canvas, video, video.videoWidth, video.videoHeight);
      if (text) onText(text);
    }
    timer = setTimeout(tick, intervalMs);
  };
  tick();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    },
  };
}

/** The text of the QR code in a picture (a photo or a screenshot of an e-badge), or null when none is found. */
export async function readQrFromImage(file: Blob): Promise<string | null> {
  const jsQR = await loadJsQr();
  const bitmap = await createImageBitmap(file);
  try {
    return readCanvas(jsQR, document.createElement('canvas'), bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
