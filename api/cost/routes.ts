/**
 * The open price data: GET /data/prices.json and /data/prices.csv, every listed provider's
 * every offer per dose with fees, terms and checked dates ('demo data' or 'unknown' where
 * there is no date). Free and credited: the JSON carries `credit` and `licence`; the CSV (whose
 * first line is its header, nothing else) names its licence in a `Link: <…>; rel="license"`
 * header, and /cost shows the same credit beside both links.
 *
 * Each file is made once per version of the providers' read model and sent as it is until the
 * next provider event (2,000 providers make a CSV of several megabytes).
 */
import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { csvLine } from '../../domain/shared/csv';
import type { CostListedProvider, CostQueries } from '../../projections/cost';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { negotiateEncoding } from '../ssr/page-answer';
import { COST_PAGE_PATH, COST_PATHS, OPEN_DATA_LICENCE_URL } from './contracts';
import { OPEN_DATA_CSV_HEADER, openPriceCsvRows, openPriceData } from './reads';

type Encoding = 'identity' | 'br' | 'gzip';

/** A file's bytes per encoding, each made on its first request (kept with the version). */
type KeptFile = Map<Encoding, Promise<Buffer>>;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * Compressed in zlib's thread pool, not on the event loop (a 6 MB CSV would stall every other
 * request meanwhile), at the fastest levels: made once per version but on a visitor's request,
 * these files trade a few percent of size for being ready sooner.
 */
function encode(identity: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : gzip(identity, { level: 1 });
}

/**
 * The open-data files of one version of the providers' read model, each made on its first
 * request (a CSV request makes no JSON) and shared by concurrent requests; a new version (any
 * provider event) starts afresh. A failed build is forgotten, so the next request tries again.
 */
export function openDataFiles(queries: CostQueries, publicUrl: string) {
  let kept: {
    version: string;
    source: Promise<{ providers: CostListedProvider[]; updatedAt: string | null }>;
    files: Partial<Record<'csv' | 'json', KeptFile>>;
  } | null = null;
  /**
   * Each provider's CSV rows by its revision: after an event only the providers it changed are
   * written again (2,000 providers' rows take over 100 ms; the join, a few).
   */
  const csvRows = new Map<string, { revision: number; text: string }>();
  const current = async () => {
    const version = await queries.costDataVersion();
    if (kept?.version !== version) {
      const source = Promise.all([queries.costProviders(), queries.costDataChangedAt()]).then(
        ([providers, updatedAt]) => ({ providers, updatedAt }),
      );
      const entry = { version, source, files: {} };
      kept = entry;
      source.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept;
  };
  const render = {
    json: ({
      providers,
      updatedAt,
    }: {
      providers: CostListedProvider[];
      updatedAt: string | null;
    }) => JSON.stringify(openPriceData(providers, publicUrl, updatedAt)),
    csv: ({ providers }: { providers: CostListedProvider[] }) => {
      let csv = csvLine(OPEN_DATA_CSV_HEADER);
      const listed = new Set<string>();
      for (const provider of providers) {
        listed.add(provider.id);
        let rows = csvRows.get(provider.id);
        if (rows?.revision !== provider.revision) {
          let text = '';
          for (const row of openPriceCsvRows(openPriceData([provider], publicUrl, null))) {
            text += csvLine(row);
          }
          rows = { revision: provider.revision, text };
          csvRows.set(provider.id, rows);
        }
        csv += rows.text;
      }
      for (const id of csvRows.keys()) if (!listed.has(id)) csvRows.delete(id);
      return csv;
    },
  };
  return async (
    kind: 'csv' | 'json',
    encoding: Encoding,
  ): Promise<{ body: Buffer; etag: string }> => {
    const entry = await current();
    const file: KeptFile = (entry.files[kind] ??= new Map());
    let identity = file.get('identity');
    if (!identity) {
      identity = entry.source.then((source) => Buffer.from(render[kind](source)));
      file.set('identity', identity);
    }
    let body = file.get(encoding);
    if (!body) {
      const made = identity;
      body = made.then((bytes) => (encoding === 'identity' ? bytes : encode(bytes, encoding)));
      file.set(encoding, body);
    }
    const sent = body;
    sent.catch(() => {
      if (file.get(encoding) === sent) file.delete(encoding);
      if (file.get('identity') === identity) file.delete('identity');
    });
    // One validator per representation: each encoding is its own bytes.
    return { body: await sent, etag: `"prices-${entry.version}-${kind}-${encoding}"` };
  };
}

/** Sends a kept file in the encoding the client prefers (compressed once per version). */
async function sendKept(
  req: Request,
  res: Response,
  files: ReturnType<typeof openDataFiles>,
  kind: 'csv' | 'json',
): Promise<void> {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const { body, etag } = await files(kind, encoding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.send(body);
}

export function costRoutes(
  { site }: CapabilityRouters,
  { backend }: RouteDeps<Record<never, never>, CostQueries>,
) {
  const files = openDataFiles(backend.queries, backend.config.publicUrl);
  const origin = backend.config.publicUrl.replace(/\/+$/, '');
  const common = (res: Response) =>
    res
      .setHeader('Cache-Control', 'public, max-age=300')
      .setHeader('Access-Control-Allow-Origin', '*')
      .setHeader(
        'Link',
        `<${OPEN_DATA_LICENCE_URL}>; rel="license", <${origin}${COST_PAGE_PATH}#open-data>; rel="describedby"`,
      );

  site.get(COST_PATHS.pricesJson, async (req, res) => {
    common(res).type('application/json; charset=utf-8');
    await sendKept(req, res, files, 'json');
  });

  site.get(COST_PATHS.pricesCsv, async (req, res) => {
    common(res)
      .setHeader('Content-Type', 'text/csv; charset=utf-8')
      .setHeader('Content-Disposition', 'attachment; filename="vialcompare-prices.csv"');
    await sendKept(req, res, files, 'csv');
  });
}
