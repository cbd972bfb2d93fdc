/**
 * The catalogue as a spreadsheet: every product as CSV, and a CSV back in, previewed first.
 * Owner only: the file carries prices. An import with any bad row changes nothing; one
 * without is applied in one transaction, re-planned there against the products as they are
 * then, so an edit made since the preview is compared, not overwritten unseen.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CatalogueCsvBodySchema,
  CatalogueImportPreviewSchema,
  CatalogueImportQuerySchema,
  CatalogueImportRefusedSchema,
  MAX_IMPORT_BYTES,
  nairaCell,
  type CatalogueImportPreview,
} from '../../../contract';
import type { RoutePlugin } from '../context';
import {
  applyImportPlan,
  catalogueProducts,
  categoryNames,
  lockProductsBySlug,
} from '../db/catalogueImport';
import { currentUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { CsvSyntaxError, parseCsv, writeCsv, type CsvRecord } from './csv';
import { exportRows, fileSlugs, planImport, type ImportPlan } from './importPlan';
import { shopRole } from './roles';

const MEBIBYTE = 1024 * 1024;

/** Refuses a file too large before reading it, in words (the server-wide limit is far lower). */
async function fileSizeLimit(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_IMPORT_BYTES) {
    throw new HttpError(
      413,
      `The file is too large (${(length / MEBIBYTE).toFixed(1)} MB): the shop reads files up to ${MAX_IMPORT_BYTES / MEBIBYTE} MB, about 5,000 products. Split it into smaller files`,
    );
  }
}

type Read = { records: CsvRecord[] } | { plan: ImportPlan };

function readFile(text: string): Read {
  try {
    return { records: parseCsv(text) };
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return {
      plan: {
        rows: 0,
        adds: [],
        changes: [],
        unchanged: 0,
        bad: [{ line: error.line, reason: error.message }],
        ignoredColumns: [],
      },
    };
  }
}

function toPreview(plan: ImportPlan, applied: boolean): CatalogueImportPreview {
  return {
    applied,
    rows: plan.rows,
    added: plan.adds.map((a) => ({
      line: a.line,
      name: a.fields.name,
      slug: applied ? a.slug : null,
      category: a.fields.category,
      price: nairaCell(a.fields.amountKobo),
      stock: String(a.fields.stock),
    })),
    changed: plan.changes.map((c) => ({
      line: c.line,
      slug: c.slug,
      name: c.after.name,
      changes: c.changes,
    })),
    unchanged: plan.unchanged,
    bad: plan.bad,
    ignored_columns: plan.ignoredColumns,
  };
}

/** Thrown inside the apply's transaction, so it rolls back; answered as 422 with the preview. */
class ImportRefused extends Error {
  constructor(readonly plan: ImportPlan) {
    super('import refused');
  }
}

function refusal(plan: ImportPlan) {
  const n = plan.bad.length;
  return {
    detail: `Nothing was changed: ${n} ${n === 1 ? 'line has a problem' : 'lines have problems'}. Correct ${n === 1 ? 'it' : 'them'} in the file and import it again`,
    preview: toPreview(plan, false),
  };
}

const catalogueImportRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config, clock } = ctx;
  const demoOnly = config.mode === 'demo' ? [loopbackOnly] : [];
  const preValidation = [ctx.requireUser, shopRole(db, ['owner'])];

  // The file's text as it came; the plan reads it. Only this plugin takes CSV, and only up
  // to the import's own limit.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/staff/products.csv',
    {
      onRequest: demoOnly,
      preValidation,
      schema: {
        response: {
          200: {
            description: `Every product, archived ones included, as CSV (the columns are in server/README.md)`,
            content: { 'text/csv': { schema: Type.String() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const csv = writeCsv(exportRows(await catalogueProducts(db)));
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/staff/products/import',
    {
      onRequest: [...demoOnly, fileSizeLimit],
      preValidation,
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        querystring: CatalogueImportQuerySchema,
        consumes: ['text/csv'],
        body: CatalogueCsvBodySchema,
        response: { 200: CatalogueImportPreviewSchema, 422: CatalogueImportRefusedSchema },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
      const read = readFile(request.body);

      if (dryRun || 'plan' in read) {
        const plan =
          'plan' in read
            ? read.plan
            : planImport(read.records, await catalogueProducts(db), await categoryNames(db));
        if (!dryRun) return reply.code(422).send(refusal(plan));
        return toPreview(plan, false);
      }

      const actorId = currentUser(request).id;
      try {
        const plan = await db.transaction(async (tx) => {
          await lockProductsBySlug(tx, fileSlugs(read.records));
          const planned = planImport(
            read.records,
            await catalogueProducts(tx),
            await categoryNames(tx),
          );
          if (planned.bad.length > 0) throw new ImportRefused(planned);
          await applyImportPlan(tx, planned, actorId, clock.now());
          return planned;
        });
        request.log.info(
          { added: plan.adds.length, changed: plan.changes.length, actorId },
          'catalogue imported',
        );
        return toPreview(plan, true);
      } catch (error) {
        if (error instanceof ImportRefused) return reply.code(422).send(refusal(error.plan));
        throw error;
      }
    },
  );
};

export default catalogueImportRoutes;
