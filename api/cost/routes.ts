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
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { csvLine } from '../../domain/shared/csv';
import type { CostQueries } from '../../projections/cost';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { negotiateEncoding } from '../ssr/page-answer';
import { COST_PAGE_PATH, COST_PATHS, OPEN_DATA_LICENCE_URL } from './contracts';
import { OPEN_DATA_CSV_HEADER, openPriceCsvRows, openPriceData } from './reads';

/** A file's bytes, and its compressed forms made on first request (kept with the version). */
interface KeptFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface OpenDataFiles {
  json: KeptFile;
  csv: KeptFile;
  /** The same for both files' version: a strong validator made once (not a hash per request). */
  etag: string;
}

/** Made on first request of a version; concurrent requests of one version share the work. */
export function openDataFiles(queries: CostQueries, publicUrl: string) {
  let kept: { version: string; files: Promise<OpenDataFiles> } | null = null;
  return async (): Promise<OpenDataFiles> => {
    const version = await queries.costDataVersion();
    if (kept?.version !== version) {
      const files = (async () => {
        const [providers, updatedAt] = await Promise.all([
          queries.costProviders(),
          queries.costDataChangedAt(),
        ]);
        const data = openPriceData(providers, publicUrl, updatedAt);
        let csv = csvLine(OPEN_DATA_CSV_HEADER);
        for (const row of openPriceCsvRows(data)) csv += csvLine(row);
        return {
          json: { identity: Buffer.from(JSON.stringify(data)) },
          csv: { identity: Buffer.from(csv) },
          etag: `"prices-${version}"`,
        };
      })();
      kept = { version, files };
      files.catch(() => {
        if (kept?.files === files) kept = null;
      });
    }
    return kept.files;
  };
}

/**
 * Sends a kept file in the encoding the client prefers, compressed once per version (the
 * platform's compression would compress several megabytes again on every request).
 */
function sendKept(req: Request, res: Response, file: KeptFile, etag: string): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  res.setHeader('Vary', 'Accept-Encoding');
  // One validator per representation: each encoding is its own bytes.
  res.setHeader('ETag', `${etag.slice(0, -1)}-${encoding}"`);
  if (encoding === 'identity') {
    res.send(file.identity);
    return;
  }
  const body =
    encoding === 'br'
      ? (file.br ??= brotliCompressSync(file.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: file.identity.length,
          },
        }))
      : (file.gzip ??= gzipSync(file.identity, { level: 6 }));
  res.setHeader('Content-Encoding', encoding);
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
    const { json, etag } = await files();
    common(res).type('application/json; charset=utf-8');
    sendKept(req, res, json, `${etag.slice(0, -1)}-json"`);
  });

  site.get(COST_PATHS.pricesCsv, async (req, res) => {
    const { csv, etag } = await files();
    common(res)
      .setHeader('Content-Type', 'text/csv; charset=utf-8')
      .setHeader('Content-Disposition', 'attachment; filename="vialcompare-prices.csv"');
    sendKept(req, res, csv, `${etag.slice(0, -1)}-csv"`);
  });
}
