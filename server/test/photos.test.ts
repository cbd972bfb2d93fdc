/**
 * Product and category photos from the back office: who may upload, what is refused and in
 * what words, the copies made (upright, no metadata, each width), how they are served, and
 * that a photo which fails at any step leaves nothing behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { ProductPhotos } from '../../contract';
import type { App } from '../src/app';
import {
  call,
  createShopMember,
  createShopper,
  buy,
  detailOf,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
  type TestProduct,
} from './helpers';

const t = setupHarness();
const SHOP = 'https://shop.example.ng';

let owner: Shopper;
let product: TestProduct;
beforeEach(async () => {
  owner = await createShopMember(t.app, t.db, 'owner');
  product = (await seedProducts(t.db, [{ name: 'Ofada Rice 5kg', price: 9500 }]))[0]!;
});

// ------------------------------------------------------------------ pictures to upload

/** A JPEG as a phone writes one: taken sideways (EXIF orientation 6), with its GPS position. */
async function phoneJpeg(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '7/1 23/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 54/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const solid = (format: 'png' | 'webp') =>
  sharp({ create: { width: 800, height: 600, channels: 4, background: '#c0392b80' } })
    [format]()
    .toBuffer();

/**
 * A PNG whose header says width x height, followed by a few bytes of picture: enough to be
 * read as a PNG, far too little to decode (decoding would fail as damaged).
 */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an iPhone HEIC file (its ftyp box). */
function heicStart(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(200)]);
}

const BOUNDARY = '----photoboundary7MA4YWxkTrZu0gW';
function form(bytes: Buffer, field = 'image', filename = 'photo.jpg', type = 'image/jpeg') {
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}

async function upload(
  bytes: Buffer,
  options: { token?: string; url?: string; field?: string; app?: App } = {},
) {
  const { headers, body } = form(bytes, options.field);
  return call(options.app ?? t.app, {
    method: 'POST',
    url: options.url ?? `/api/staff/products/${product.id}/images`,
    token: options.token ?? owner.token,
    headers,
    body,
  });
}

async function counts() {
  const [row] = await t.db.query<Record<string, unknown>>(
    `SELECT (SELECT count(*) FROM pictures) AS pictures,
            (SELECT count(*) FROM picture_files) AS files,
            (SELECT count(*) FROM product_photos) AS photos,
            (SELECT count(*) FROM back_office_changes) AS changes`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}
const NOTHING = { pictures: 0, files: 0, photos: 0, changes: 0 };

async function shopImage(slug = product.slug): Promise<string> {
  const r = await call(t.app, { url: `/api/get-product/${slug}` });
  expect(r.statusCode).toBe(200);
  return json<{ images: string }>(r).images;
}

async function media(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers });
}

// ------------------------------------------------------------------ who may

describe('who may change photos', () => {
  test('only the owner: staff and shoppers 403, no token 401, and nothing is stored', async () => {
    const staff = await createShopMember(t.app, t.db, 'staff');
    const shopper = await createShopper(t.app, t.db);
    const jpeg = await phoneJpeg(400, 300);
    for (const [token, status, detail] of [
      [staff.token, 403, 'Only the shop owner can do this'],
      [shopper.token, 403, 'This page is for the shop staff only'],
      ['', 401, 'Could not validate credentials'],
    ] as const) {
      const r = await upload(jpeg, { token });
      expect({ status: r.statusCode, detail: detailOf(r) }).toEqual({ status, detail });
      const reorder = await call(t.app, {
        method: 'PUT',
        url: `/api/staff/products/${product.id}/images/order`,
        token,
        body: { photo_ids: [1] },
      });
      expect(reorder.statusCode).toBe(status);
      const remove = await call(t.app, {
        method: 'DELETE',
        url: `/api/staff/products/${product.id}/images/1`,
        token,
      });
      expect(remove.statusCode).toBe(status);
      const category = await upload(jpeg, { token, url: '/api/staff/categories/1/image' });
      expect(category.statusCode).toBe(status);
    }
    expect(await counts()).toEqual(NOTHING);

    // Staff see the photos (the product page shows them); a shopper does not.
    const list = (token: string) =>
      call(t.app, { url: `/api/staff/products/${product.id}/images`, token });
    expect((await list(staff.token)).statusCode).toBe(200);
    expect((await list(shopper.token)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
  });
});

// ------------------------------------------------------------------ the copies

describe('an uploaded photo', () => {
  test('is stored upright, without its location or any metadata, at every width', async () => {
    const r = await upload(await phoneJpeg());
    expect(r.statusCode).toBe(201);
    const answer = json<ProductPhotos>(r);
    expect(answer.max_photos).toBe(4);
    expect(answer.max_bytes).toBe(15 * 1024 * 1024);
    const [photo] = answer.photos;
    // Taken sideways: 2000x1500 in the file, 1500x2000 upright.
    expect(photo).toMatchObject({ width: 1500, height: 2000 });
    const id = photo!.id;
    expect(photo!.src).toBe(`/media/${id}-640.jpg`);
    expect(photo!.preview).toBe(`/media/${id}-1200x630.jpg`);
    expect(photo!.sources).toEqual(
      [320, 640, 1080].map((w) => ({
        width: w,
        webp: `/media/${id}-${w}.webp`,
        jpeg: `/media/${id}-${w}.jpg`,
      })),
    );

    for (const source of photo!.sources) {
      for (const [url, format, type] of [
        [source.webp, 'webp', 'image/webp'],
        [source.jpeg, 'jpeg', 'image/jpeg'],
      ] as const) {
        const served = await media(url);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format, width: source.width });
        expect(meta.height).toBe(Math.round((source.width * 2000) / 1500));
        // No EXIF at all (GPS, camera), no orientation left to apply: the pixels are upright.
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
      }
    }
    const preview = await media(photo!.preview);
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
  });

  test('becomes the product’s picture in the shop, and its 1200x630 JPEG the link preview', async () => {
    expect(await shopImage()).toBe(`/api/images/products/${product.slug}.svg`);
    const versionBefore = await t.db.query<{ version: unknown }>(
      'SELECT version FROM catalogue_state',
    );
    const first = json<ProductPhotos>(await upload(await phoneJpeg(800, 600))).photos[0]!;
    expect(await shopImage()).toBe(first.src);
    // The shop, search and every server see it at once: the catalogue version moved on.
    const versionAfter = await t.db.query<{ version: unknown }>(
      'SELECT version FROM catalogue_state',
    );
    expect(Number(versionAfter[0]?.version)).toBeGreaterThan(Number(versionBefore[0]?.version));

    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-photos-'));
    try {
      fs.copyFileSync(
        path.join(__dirname, '../../public/index.html'),
        path.join(dist, 'index.html'),
      );
      const site = await t.build({ DIST_DIR: dist, PUBLIC_URL: SHOP });
      const page = await site.inject({ url: `/detail/product-details?slug=${product.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        `<meta property="og:image" content="${SHOP}/media/${first.id}-1200x630.jpg" />`,
      );
      expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  test('PNG and WebP pictures are taken too; a transparent one is shown on white as JPEG', async () => {
    for (const format of ['png', 'webp'] as const) {
      const r = await upload(await solid(format));
      expect(r.statusCode).toBe(201);
    }
    const photos = json<ProductPhotos>(
      await call(t.app, { url: `/api/staff/products/${product.id}/images`, token: owner.token }),
    ).photos;
    expect(photos).toHaveLength(2);
    const jpeg = await media(photos[0]!.sources[0]!.jpeg);
    const { channels } = await sharp(jpeg.rawPayload).metadata();
    expect(channels).toBe(3);
  });
});

// ------------------------------------------------------------------ refused, in words

describe('a file that is refused leaves nothing behind', () => {
  const cases: [string, () => Promise<Buffer> | Buffer, number, string | RegExp][] = [
    [
      'a text file named .jpg',
      () => Buffer.from('not a photo at all, just words'),
      415,
      'This file is not a photo. Choose a JPEG, PNG or WebP picture',
    ],
    [
      'a JPEG cut short',
      async () => (await phoneJpeg(1200, 900)).subarray(0, 2000),
      415,
      'This file is not a photo. Choose a JPEG, PNG or WebP picture',
    ],
    ['an iPhone HEIC photo', () => heicStart(), 415, /iPhone HEIC format/],
    [
      'a picture of more than 50 megapixels (told from its header)',
      () => pngHeader(9000, 6000),
      413,
      'This photo is 54 megapixels; the shop takes photos of up to 50 megapixels',
    ],
    [
      'a file over 15 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)]),
      413,
      'This photo is larger than 15 MB. Choose a smaller one',
    ],
  ];
  test.each(cases)('%s', async (_name, make, status, detail) => {
    const r = await upload(await make());
    expect(r.statusCode).toBe(status);
    expect(detailOf(r)).toEqual(detail instanceof RegExp ? expect.stringMatching(detail) : detail);
    expect(await counts()).toEqual(NOTHING);
    expect(await shopImage()).toBe(`/api/images/products/${product.slug}.svg`);
  });

  test('no file, or a file in another field', async () => {
    const other = await upload(await phoneJpeg(300, 200), { field: 'photo' });
    expect({ status: other.statusCode, detail: detailOf(other) }).toEqual({
      status: 400,
      detail: 'Choose a photo to upload',
    });
    const json = await call(t.app, {
      method: 'POST',
      url: `/api/staff/products/${product.id}/images`,
      token: owner.token,
      body: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(detailOf(json)).toBe('Send the photo as a form upload, in the field "image"');
    expect(await counts()).toEqual(NOTHING);
  });

  test('an unknown product is 404', async () => {
    const r = await upload(await phoneJpeg(300, 200), {
      url: '/api/staff/products/999999/images',
    });
    expect({ status: r.statusCode, detail: detailOf(r) }).toEqual({
      status: 404,
      detail: 'Product not found',
    });
  });

  test('a photo whose copies fail to store mid-way leaves no picture, copy or change', async () => {
    // The last copy written (the link preview) is refused by the database.
    await t.db.exec(
      `ALTER TABLE picture_files ADD CONSTRAINT fail_midway CHECK (name <> '1200x630.jpg')`,
    );
    try {
      const r = await upload(await phoneJpeg(600, 400));
      expect(r.statusCode).toBe(500);
      expect(await counts()).toEqual(NOTHING);
      expect(await shopImage()).toBe(`/api/images/products/${product.slug}.svg`);
    } finally {
      await t.db.exec('ALTER TABLE picture_files DROP CONSTRAINT fail_midway');
    }
  });
});

// ------------------------------------------------------------------ four, order, remove

describe('a product’s photos', () => {
  async function addFour(): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const r = await upload(await phoneJpeg(300 + i * 10, 200));
      expect(r.statusCode).toBe(201);
      ids.push(json<ProductPhotos>(r).photos[i]!.id);
    }
    return ids;
  }

  test('up to four; a fifth is refused in words', async () => {
    await addFour();
    const before = await counts();
    const fifth = await upload(await phoneJpeg(300, 200));
    expect({ status: fifth.statusCode, detail: detailOf(fifth) }).toEqual({
      status: 409,
      detail: 'This product already has 4 photos. Remove one to add another',
    });
    expect(await counts()).toEqual(before);
  });

  test('are put in a new order, the first being the shop’s picture; a wrong list is 422', async () => {
    const ids = await addFour();
    const order = (photo_ids: number[]) =>
      call(t.app, {
        method: 'PUT',
        url: `/api/staff/products/${product.id}/images/order`,
        token: owner.token,
        body: { photo_ids },
      });
    const reversed = [...ids].reverse();
    const r = await order(reversed);
    expect(r.statusCode).toBe(200);
    expect(json<ProductPhotos>(r).photos.map((p) => p.id)).toEqual(reversed);
    expect(await shopImage()).toBe(`/media/${reversed[0]}-640.jpg`);

    for (const wrong of [
      ids.slice(1),
      [ids[0]!, ids[0]!, ids[1]!, ids[2]!],
      [...ids.slice(1), 999],
    ]) {
      const bad = await order(wrong);
      expect({ status: bad.statusCode, detail: detailOf(bad) }).toEqual({
        status: 422,
        detail: 'List every photo of this product once, first one first',
      });
    }
    const listed = json<ProductPhotos>(
      await call(t.app, { url: `/api/staff/products/${product.id}/images`, token: owner.token }),
    );
    expect(listed.photos.map((p) => p.id)).toEqual(reversed);
    const changes = await t.db.query<{ entity: string; entity_id: string; after: unknown }>(
      `SELECT entity, entity_id, after FROM back_office_changes ORDER BY id DESC LIMIT 1`,
    );
    expect(changes[0]).toEqual({
      entity: 'product',
      entity_id: String(product.id),
      after: { photos: reversed },
    });
  });

  test('one removed is gone from the shop and its address; the last removed brings back the tile', async () => {
    const ids = await addFour();
    const remove = (id: number) =>
      call(t.app, {
        method: 'DELETE',
        url: `/api/staff/products/${product.id}/images/${id}`,
        token: owner.token,
      });
    const r = await remove(ids[0]!);
    expect(r.statusCode).toBe(200);
    expect(json<ProductPhotos>(r).photos.map((p) => p.id)).toEqual(ids.slice(1));
    expect(await shopImage()).toBe(`/media/${ids[1]}-640.jpg`);
    expect((await media(`/media/${ids[0]}-640.jpg`)).statusCode).toBe(404);

    const again = await remove(ids[0]!);
    expect({ status: again.statusCode, detail: detailOf(again) }).toEqual({
      status: 404,
      detail: 'This photo is not one of the product’s photos',
    });
    for (const id of ids.slice(1)) expect((await remove(id)).statusCode).toBe(200);
    expect(await shopImage()).toBe(`/api/images/products/${product.slug}.svg`);
    expect((await counts()).pictures).toBe(0);
  });

  test('a photo an order names stays served after it is removed from the product', async () => {
    const [first] = await addFour();
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[product.id, 1]]);
    await buy(t.app, shopper);
    const r = await call(t.app, {
      method: 'DELETE',
      url: `/api/staff/products/${product.id}/images/${first}`,
      token: owner.token,
    });
    expect(r.statusCode).toBe(200);
    // The order still shows the picture the shopper bought by.
    expect((await media(`/media/${first}-640.jpg`)).statusCode).toBe(200);
  });
});

// ------------------------------------------------------------------ categories

describe('a category’s picture', () => {
  test('is set by the owner, replacing the one before; an unknown category is 404', async () => {
    const [category] = await t.db.query<{ id: unknown }>(
      `SELECT id FROM categories WHERE name = 'Staples'`,
    );
    const url = `/api/staff/categories/${Number(category?.id)}/image`;
    const first = await upload(await phoneJpeg(500, 500), { url });
    expect(first.statusCode).toBe(201);
    const firstId = json<{ image: { id: number } }>(first).image.id;
    const second = await upload(await solid('png'), { url });
    expect(second.statusCode).toBe(201);
    const body = json<{ category_id: number; image: { id: number; preview: string } }>(second);
    expect(body.category_id).toBe(Number(category?.id));
    const [row] = await t.db.query<{ image_id: unknown }>(
      'SELECT image_id FROM categories WHERE id = $1',
      [category?.id],
    );
    expect(Number(row?.image_id)).toBe(body.image.id);
    // The picture replaced is no longer kept; the new one is served.
    expect((await media(`/media/${firstId}-320.webp`)).statusCode).toBe(404);
    expect((await media(body.image.preview)).statusCode).toBe(200);

    const unknown = await upload(await solid('png'), { url: '/api/staff/categories/99999/image' });
    expect({ status: unknown.statusCode, detail: detailOf(unknown) }).toEqual({
      status: 404,
      detail: 'Category not found',
    });
  });
});

// ------------------------------------------------------------------ serving

describe('/media', () => {
  test('serves a copy for a year with an ETag, 304 when it has not changed; a wrong address is 404', async () => {
    const photo = json<ProductPhotos>(await upload(await phoneJpeg(700, 500))).photos[0]!;
    const served = await media(photo.sources[1]!.webp);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    // Pictures from the shop's own address are allowed by its Content-Security-Policy.
    expect(String(served.headers['content-security-policy'])).toContain("img-src 'self'");

    const again = await media(photo.sources[1]!.webp, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    for (const wrong of [
      `/media/${photo.id}-500.webp`,
      `/media/${photo.id}-640.png`,
      `/media/${photo.id + 1}-640.jpg`,
      `/media/0-640.jpg`,
      '/media/abc',
      `/media/${photo.id}-640.jpg.exe`,
    ]) {
      const r = await media(wrong);
      expect({ wrong, status: r.statusCode }).toEqual({ wrong, status: 404 });
      expect(r.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
    }
  });
});
