/**
 * CSV (RFC 4180) for the back office's exports. A cell that a spreadsheet would read as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with a quote mark, so an
 * exported provider name can never run as a formula when the file is opened.
 */
export type CsvCell = string | number | boolean | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
