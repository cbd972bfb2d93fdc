/**
 * A product photo from the back office to the shop, on a 390 px phone, against the production
 * build and the reference server: the demo owner opens a demo product's page in the back
 * office, adds a photo from a file (as the phone's camera or gallery would hand it over), and
 * the shop's product card and product page then show it with its copies in srcset, and the
 * product page's link preview (og:image, in the server's HTML) is the photo's 1200x630 JPEG.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import type { ProductPhotos } from 'contract';
import { productDetailsPath } from '../contract/links';
import { auth, catalogue, logIn, signInPage, type Account } from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
const OWNER: Account = { email: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' };

/** A photo as a phone takes one: a JPEG, sideways (EXIF orientation 6), with a GPS position. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e7d32' } })
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '7/1 23/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

test.describe('on a 390 px phone, the demo owner', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('adds a photo to a product, and the shop and its link preview show it', async ({
    page,
    request,
  }) => {
    const owner = await logIn(request, OWNER);
    // A demo product still showing its drawn picture (no photo yet).
    const product = (await catalogue(request)).find((p) => p.images.endsWith('.svg'));
    if (!product) throw new Error('Every demo product has a photo already');
    const photosUrl = `/api/staff/products/${product.id}/images`;

    await signInPage(page, owner);
    await page.goto(`/staff/products/${product.id}`);
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect(photos.getByRole('button', { name: 'Add a photo' })).toBeVisible();
    await photos.locator('input[type="file"][accept="image/*"]').setInputFiles({
      name: 'market-stall.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(),
    });
    await expect(photos.getByRole('img', { name: 'Photo 1, shown in the shop' })).toBeVisible();

    const listed = await request.get(photosUrl, { headers: auth(owner) });
    expect(listed.status(), await listed.text()).toBe(200);
    const [photo] = ((await listed.json()) as ProductPhotos).photos;
    if (!photo) throw new Error('The photo was not stored');
    const copies = (format: 'jpg' | 'webp') =>
      [320, 640, 1080].map((w) => `/media/${photo.id}-${w}.${format} ${w}w`).join(', ');

    try {
      // The shop's card: found by search, its picture the photo, every copy offered.
      await page.goto(`/shop?q=${encodeURIComponent(product.name)}`);
      const cardPicture = page.locator(`img[src="/media/${photo.id}-640.jpg"]`).first();
      await expect(cardPicture).toBeVisible();
      await expect(cardPicture).toHaveAttribute('srcset', copies('jpg'));
      await expect(
        page.locator(`source[type="image/webp"][srcset="${copies('webp')}"]`).first(),
      ).toBeAttached();

      // The product page: the same photo, large.
      await page.goto(productDetailsPath(product.slug));
      const pagePicture = page.getByRole('img', { name: product.name });
      await expect(pagePicture).toHaveAttribute('src', `/media/${photo.id}-640.jpg`);
      await expect(pagePicture).toHaveAttribute('srcset', copies('jpg'));

      // What WhatsApp reads: the server's HTML names the 1200x630 JPEG, absolute.
      const html = await (await request.get(productDetailsPath(product.slug))).text();
      const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(ogImage).toMatch(new RegExp(`^https?://[^/]+/media/${photo.id}-1200x630\\.jpg$`));
      const preview = await request.get(new URL(ogImage).pathname);
      expect(preview.status()).toBe(200);
      expect(preview.headers()['content-type']).toBe('image/jpeg');
      const meta = await sharp(await preview.body()).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      // No location left in what is shared.
      expect(meta.exif).toBeUndefined();
    } finally {
      // The demo product gets its drawn picture back, so the test can run again.
      await request.delete(`${photosUrl}/${photo.id}`, { headers: auth(owner) });
    }
  });
});
