import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture=<file.y4m>`) that films a QR code. There is no
 * ffmpeg on the machine, so the Y4M file is written by hand: a one-line text header, then frames of raw YUV 4:2:0
 * (a luma plane of width × height bytes, then two chroma planes of a quarter of that each). The QR code is drawn
 * black on white in the luma plane; chroma stays neutral grey (128), so the picture is black and white.
 */
export function writeQrY4m(path: string, text: string, options: { width?: number; height?: number; frames?: number } = {}): void {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const frames = options.frames ?? 2;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  // As large as fits with a quiet zone, in whole pixels per module so every module stays square and sharp.
  const scale = Math.floor(Math.min(width, height) / (size + quiet * 2));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);

  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const offset = (top + row * scale + y) * width + left + col * scale;
        luma.fill(16, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameHeader = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i += 1) parts.push(frameHeader, luma, chroma);
  writeFileSync(path, Buffer.concat(parts));
}

/** The same QR code as a PNG file, for the scanner's "scan an image file" input. */
export async function writeQrPng(path: string, text: string): Promise<void> {
  await QRCode.toFile(path, text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}
