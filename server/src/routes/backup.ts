import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context';
import { BACKUP_KEY_HEADER, BACKUP_ROUTE } from '../db/backup';
import { HttpError, forbidden } from '../plugins/errors';
import { isLoopbackRequest } from '../plugins/loopback';

const Detail = Type.Object({ detail: Type.String() });

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * From this computer: over loopback, or to the address it came from (a server listening on
 * one interface, HOST=10.0.0.5, is reached there), never relayed by a proxy.
 */
function fromThisComputer(request: FastifyRequest): boolean {
  if (isLoopbackRequest(request)) return true;
  const { remoteAddress, localAddress } = request.raw.socket;
  const relayed =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && remoteAddress !== undefined && remoteAddress === localAddress;
}

/**
 * POST /ops/backup: the embedded database as a gzipped tarball (server/src/db/backup.ts).
 * Only with the key this server wrote into DATA_DIR, and only from this computer: whoever
 * can read the data directory may copy the database, nobody else.
 */
const backupRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; key: string }> = async (
  app,
  { ctx, key },
) => {
  const backup = ctx.db.backup?.bind(ctx.db);
  if (!backup) return;
  app.post(
    BACKUP_ROUTE,
    {
      schema: {
        headers: Type.Object({ [BACKUP_KEY_HEADER]: Type.Optional(Type.String()) }),
        response: {
          200: Type.String({ contentMediaType: 'application/gzip' }),
          401: Detail,
          403: Detail,
        },
      },
    },
    async (request, reply) => {
      if (!fromThisComputer(request)) {
        throw forbidden(
          'Backups are taken on the computer the shop runs on: run npm run backup there.',
        );
      }
      const given = request.headers[BACKUP_KEY_HEADER];
      if (given === undefined || !timingSafeEqual(digest(given), digest(key))) {
        throw new HttpError(
          401,
          "The backup key is missing or wrong: run npm run backup with the server's DATA_DIR.",
        );
      }
      const tarball = await backup();
      request.log.info({ bytes: tarball.length }, 'backup taken');
      return sendTarball(reply, tarball);
    },
  );
};

/** The tarball as it is (no JSON serializer), never cached on the way. */
function sendTarball(reply: FastifyReply, tarball: Buffer) {
  return reply
    .type('application/gzip')
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', 'attachment; filename="storefront-backup.tar.gz"')
    .send(tarball);
}

export default backupRoutes;
