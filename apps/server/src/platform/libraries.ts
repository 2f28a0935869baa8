/**
 * Libraries a server at rest never calls (PDFs, QR images, calendar files, Stripe's SDK, SMTP), loaded on first use
 * rather than at start: a server that is only up and idle does not hold their code and objects (docs/PERFORMANCE.md,
 * idle RSS), and starts sooner. Each loads once; every later call gets the same module.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const loadPdfLib = once(() => import('pdf-lib'));
export const loadQrCode = once(async () => (await import('qrcode')).default);
export type QrCodeLib = Awaited<ReturnType<typeof loadQrCode>>;
export const loadIcs = once(() => import('ics'));
export const loadStripe = once(async () => (await import('stripe')).default);
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
