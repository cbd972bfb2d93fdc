/**
 * The shop's pictures, served outside the API prefix with long-lived caching:
 * /media/<picture id>-<width>.webp|jpg and /media/<picture id>-1200x630.jpg. A picture's
 * copies never change once stored (a new photo is a new picture id), so browsers and any
 * cache in front may keep them for a year without asking again.
 */
import { Type } from 'typebox';
import { MEDIA_PREVIEW_NAME, MEDIA_WIDTHS } from '../../../contract/links';
import type { RoutePlugin } from '../context';
import { pictureStoreFor } from '../media/databaseStore';
import { notFound } from '../plugins/errors';
import { etagMatches } from '../routes/product';

const NAMES = new Set<string>([
  ...MEDIA_WIDTHS.flatMap((w) => [`${w}.webp`, `${w}.jpg`]),
  MEDIA_PREVIEW_NAME,
]);
const FILE = /^([1-9]\d{0,14})-([0-9x]+\.(?:webp|jpg))$/;
const MISSING = 'There is no such picture';
const BYTES = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const mediaRoutes: RoutePlugin = async (app, { ctx }) => {
  const store = pictureStoreFor(ctx.db);

  app.get(
    '/media/:file',
    {
      schema: {
        hide: true,
        params: Type.Object({ file: Type.String({ maxLength: 64 }) }),
        response: {
          200: {
            description: 'A copy of one of the shop’s pictures',
            content: { 'image/webp': { schema: BYTES }, 'image/jpeg': { schema: BYTES } },
          },
          304: { description: 'Not modified (If-None-Match)' },
        },
      },
    },
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const name = match?.[2];
      if (!match || !name || !NAMES.has(name)) throw notFound(MISSING);
      const file = await store.read(Number(match[1]), name);
      if (!file) throw notFound(MISSING);
      void reply
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('etag', file.etag)
        .header('x-content-type-options', 'nosniff');
      if (etagMatches(request, file.etag)) return reply.code(304).send();
      return reply
        .type(file.contentType)
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
};

export default mediaRoutes;
