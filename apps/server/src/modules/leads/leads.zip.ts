import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A ZIP streamed as it is written (fflate's streaming Zip): each file is read, stored (documents are mostly PDFs,
 * already compressed) and pushed before the next is read, so memory holds one file however large the bag. A read
 * that fails ends the stream with the error (the client sees a cut download, not a silently short archive).
 */
export function zipStream(files: { name: string; read: () => Promise<Buffer | null> }[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    try {
      for (const f of files) {
        const bytes = await f.read();
        if (!bytes) continue; // removed meanwhile
        const entry = new ZipPassThrough(f.name);
        zip.add(entry);
        entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
        // Let the socket drain before the next file.
        if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
      }
      zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
