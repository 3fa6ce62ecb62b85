/**
 * Streams a CSV download: the header line, then the rows as they come, waiting for the socket
 * to drain so a long export never holds more than a chunk in memory on the way out. Bad query
 * parameters are rejected before this is called (a 400, nothing streamed); a failure after the
 * first byte ends the response early, and the logged error says why.
 */
import type { Response } from 'express';
import { csvLine, type CsvCell } from '../../domain/shared/csv';

export async function sendCsv(
  res: Response,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/"/g, '')}"`);
  res.setHeader('Cache-Control', 'no-store');
  let chunk = csvLine(header);
  const write = async (text: string) => {
    if (!res.write(text)) await new Promise<void>((resolve) => res.once('drain', resolve));
  };
  try {
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length > 64 * 1024) {
        await write(chunk);
        chunk = '';
      }
    }
    res.end(chunk);
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
