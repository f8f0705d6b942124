import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A small real image of each accepted type. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif',
  { width = 64, height = 48 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 67, g: 56, b: 202 } } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG padded with a text chunk to exactly `size` bytes. */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await makeImage('png');
  // Signature (8) + IHDR chunk (25) come first; the padding chunk goes right after them.
  const head = png.subarray(0, 33);
  const rest = png.subarray(33);
  const overhead = head.length + rest.length + 12 + 'Comment\0'.length;
  const text = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.alloc(size - overhead, 0x61)]);
  const out = Buffer.concat([head, pngChunk('tEXt', text), rest]);
  if (out.length !== size) throw new Error(`pngOfSize made ${out.length} bytes, not ${size}`);
  return out;
}

/**
 * A PNG whose header claims `width` x `height` pixels but whose data is tiny: a pixel flood, which would
 * make a decoder allocate width * height * channels bytes.
 */
export function pixelFloodPng(width = 60_000, height = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG carrying an HTML document in a comment segment: a JPEG/HTML polyglot. */
export async function jpegHtmlPolyglot(html: string): Promise<Buffer> {
  const jpeg = await makeImage('jpeg');
  const payload = Buffer.from(html, 'latin1');
  const segment = Buffer.alloc(4);
  segment[0] = 0xff;
  segment[1] = 0xfe; // COM
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, payload, jpeg.subarray(2)]);
}

export const HOSTILE_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
export const SVG_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>';

/** A JPEG with EXIF data (a camera and a GPS-like note) that must not survive storage. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#f59e0b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'GPS 51.5007 -0.1246 home address' } })
    .toBuffer();
}
