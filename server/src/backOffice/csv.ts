/**
 * CSV as RFC 4180 writes it and spreadsheets save it: fields in double quotes may hold
 * commas, quotes (doubled) and line breaks; lines end in CRLF or LF; Excel starts a UTF-8
 * file with a byte order mark.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1-based), as an editor numbers it. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Splits CSV text into records. Throws CsvSyntaxError for a quote that never closes. */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let i = 0;
  const n = input.length;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < n) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        // Text after the closing quote is kept as written, as spreadsheets do, rather than
        // refusing the whole file.
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
      i++;
    } else if (c === ',') {
      fields.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) {
    throw new CsvSyntaxError(
      quoteLine,
      'A quote (") opens a field on this line that never closes: check the quotes of that field',
    );
  }
  // The last line may or may not end in a line break.
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** One field as CSV: quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

// A cell a spreadsheet would run as a formula ("=HYPERLINK(...)", "+234...", "@SUM(...)"):
// a product name or description is text the owner opens on their own computer.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet must show it: a leading apostrophe keeps a formula-like text
 * text (spreadsheets hide the apostrophe), and `fromSpreadsheetText` takes it off on import.
 */
export function asSpreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A text cell as imported: the apostrophe `asSpreadsheetText` put before a formula-like text removed. */
export function fromSpreadsheetText(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** Records as CSV text, CRLF line ends (RFC 4180), with the BOM Excel needs to read UTF-8. */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `\ufeff${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
