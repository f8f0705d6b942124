import { deflateSync, inflateSync } from 'node:zlib';

/** A decoded picture: `data` holds 4 bytes (red, green, blue, alpha) a pixel, row after row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Decodes a PNG as Chromium's screenshots write it (8 bits a channel, RGB or RGBA, not interlaced), with
 * Node's own zlib: the tests compare pixels without an image library.
 */
export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const chunks: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
    } else if (type === 'IDAT') chunks.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (out[x - channels] ?? 0) : 0;
      const b = up[x] ?? 0;
      const c = x >= channels ? (up[x - channels] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = ((line[x] ?? 0) + predictor) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) data[i * 4 + k] = rows[i * channels + k] ?? 0;
    data[i * 4 + 3] = channels === 4 ? (rows[i * channels + 3] ?? 255) : 255;
  }
  return { width, height, data };
}

type Rgb = [number, number, number];

/** The colour most pixels have: the background of a small picture of one element. */
export function commonestColour(picture: Pixels): Rgb {
  const counts = new Map<number, number>();
  for (let i = 0; i < picture.data.length; i += 4) {
    const key =
      ((picture.data[i] ?? 0) << 16) | ((picture.data[i + 1] ?? 0) << 8) | (picture.data[i + 2] ?? 0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best = 0;
  let most = -1;
  for (const [key, count] of counts) {
    if (count > most) [best, most] = [key, count];
  }
  return [(best >> 16) & 0xff, (best >> 8) & 0xff, best & 0xff];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb): number {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** How many pixels stand out from `background` by at least `ratio` (3:1 is WCAG 1.4.11's for graphics). */
export function pixelsContrasting(picture: Pixels, background: Rgb, ratio = 3): number {
  let count = 0;
  for (let i = 0; i < picture.data.length; i += 4) {
    const colour: Rgb = [picture.data[i] ?? 0, picture.data[i + 1] ?? 0, picture.data[i + 2] ?? 0];
    if (contrast(colour, background) >= ratio) count++;
  }
  return count;
}

/**
 * How many pixels of two pictures of one size (one element in two states) change by at least `ratio` in
 * contrast: a change a reader can see, where a border turning from black to navy does not count.
 */
export function pixelsChanged(a: Pixels, b: Pixels, ratio = 3): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`pictures of different sizes: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const before: Rgb = [a.data[i] ?? 0, a.data[i + 1] ?? 0, a.data[i + 2] ?? 0];
    const after: Rgb = [b.data[i] ?? 0, b.data[i + 1] ?? 0, b.data[i + 2] ?? 0];
    if (contrast(before, after) >= ratio) count++;
  }
  return count;
}

/** A PNG of one colour, 160 × 90, as a browser would upload it (the server re-encodes it). */
export function solidPng(rgb: [number, number, number]): Buffer {
  const [width, height] = [160, 90];
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
