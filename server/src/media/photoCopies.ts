/**
 * From an uploaded file to the copies the shop serves: the bytes are checked to be a picture
 * (by their own signature, not the name or type the phone gave), its size is read from the
 * header before anything is decoded, and it is decoded once, turned upright, and written out
 * at each width as WebP and JPEG plus the 1200x630 JPEG link previews show. The copies carry
 * no metadata: no location, no camera, no date.
 */
import { createHash } from 'node:crypto';
import type sharpModule from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { MEDIA_PREVIEW_NAME, MEDIA_WIDTHS, type MediaWidth } from '../../../contract/links';
import { MAX_PHOTO_PIXELS, PHOTO_DETAILS } from '../../../contract/photos';
import { HttpError } from '../plugins/errors';
import type { PictureFile } from './pictureStore';

type SharpModule = typeof sharpModule;
let loading: Promise<SharpModule> | null = null;

/**
 * sharp and its libvips are loaded with the first photo, not at start: they hold about
 * 19 MiB that a server nobody uploads to should not carry.
 */
function loadSharp(): Promise<SharpModule> {
  loading ??= import('sharp').then((module) => {
    const sharp: SharpModule = module.default;
    // One picture at a time per server (photoQueue), each on few threads, with nothing kept
    // between pictures: a phone photo decodes to tens of megabytes, and the server's memory
    // should go back to its usual level once the copies are stored.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** What the file's first bytes say it is, or null for anything but a picture the shop takes. */
function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, Math.min(to, bytes.length))).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    // The ftyp box: its size, 'ftyp', the main brand, a version, then compatible brands.
    const size = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
    const end = Math.min(Math.max(size, 16), bytes.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => HEIC_BRANDS.has(b))) return 'heic';
  }
  return null;
}

/** Whether the sharp on this machine decodes the format (its prebuilt libvips reads AVIF but not HEIC). */
function canReadFormat(sharp: SharpModule, format: PhotoFormat): boolean {
  if (format === 'heic') return false;
  const id = format === 'avif' ? 'heif' : format;
  return Object.entries(sharp.format).some(([name, f]) => name === id && f.input.buffer);
}

export interface PhotoCopies {
  /** The upright picture's size, in pixels. */
  width: number;
  height: number;
  files: PictureFile[];
}

/** Largest side of the one decoded picture every copy is made from. */
const WORKING_SIZE = 1600;
const PREVIEW = { width: 1200, height: 630 };
const WEBP = { quality: 80, effort: 3 } as const;
const JPEG = { quality: 82, progressive: true } as const;
// Transparent PNG and WebP pictures are shown on white: JPEG has no transparency.
const WHITE = { r: 255, g: 255, b: 255 };

const refuse = (status: number, detail: string) => new HttpError(status, detail);

function fileOf(name: string, contentType: string, bytes: Buffer): PictureFile {
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { name, contentType, etag, bytes };
}

/**
 * The copies of an uploaded photo, or an HttpError saying in words why it was refused
 * (not a picture, HEIC, too many pixels, damaged).
 */
export async function makePhotoCopies(bytes: Uint8Array): Promise<PhotoCopies> {
  const format = sniffPhotoFormat(bytes);
  if (format === 'heic') throw refuse(415, PHOTO_DETAILS.heic);
  const sharp = await loadSharp();
  if (!format || !canReadFormat(sharp, format)) throw refuse(415, PHOTO_DETAILS.notAPhoto);

  // The header alone: a picture of too many pixels is refused before it is decoded.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(415, PHOTO_DETAILS.notAPhoto);
  }
  const { width, height } = meta;
  if (!width || !height) throw refuse(415, PHOTO_DETAILS.notAPhoto);
  if (width * height > MAX_PHOTO_PIXELS) {
    throw refuse(413, PHOTO_DETAILS.tooManyPixels(Math.round((width * height) / 1e6)));
  }
  const turned = (meta.orientation ?? 1) >= 5;

  let working: { data: Buffer; info: OutputInfo };
  try {
    working = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .autoOrient()
      .resize({
        width: WORKING_SIZE,
        height: WORKING_SIZE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header was fine but the picture itself is damaged (cut short, corrupt).
    throw refuse(415, PHOTO_DETAILS.notAPhoto);
  }
  const { data, info } = working;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const from = () => sharp(data, { raw });

  const sized = (w: MediaWidth) => from().resize({ width: w, withoutEnlargement: true });
  const jobs: Promise<PictureFile>[] = [];
  for (const w of MEDIA_WIDTHS) {
    jobs.push(
      sized(w)
        .webp(WEBP)
        .toBuffer()
        .then((b) => fileOf(`${w}.webp`, 'image/webp', b)),
      sized(w)
        .flatten({ background: WHITE })
        .jpeg(JPEG)
        .toBuffer()
        .then((b) => fileOf(`${w}.jpg`, 'image/jpeg', b)),
    );
  }
  jobs.push(
    from()
      .resize({ ...PREVIEW, fit: 'cover', position: 'centre' })
      .flatten({ background: WHITE })
      .jpeg(JPEG)
      .toBuffer()
      .then((b) => fileOf(MEDIA_PREVIEW_NAME, 'image/jpeg', b)),
  );
  const files = await Promise.all(jobs);
  return { width: turned ? height : width, height: turned ? width : height, files };
}

/**
 * Runs photo work one picture at a time; a few more may wait their turn, and beyond that an
 * upload is refused (503) rather than held in memory.
 */
export function createPhotoQueue(maxWaiting = 4) {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (waiting >= maxWaiting) throw refuse(503, PHOTO_DETAILS.busy);
    waiting += 1;
    const turn = tail.then(
      () => undefined,
      () => undefined,
    );
    const result = turn.then(() => {
      waiting -= 1;
      return work();
    });
    tail = result.catch(() => undefined);
    return result;
  };
}
