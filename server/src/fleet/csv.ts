// CSV as RFC 4180 writes it: fields separated by commas, records by CRLF (a bare LF or CR is read too), a
// field in double quotes when it holds a comma, a quote or a line break, a quote inside doubled. A file
// saved by a spreadsheet may start with a byte order mark: it is not part of the first field.

/** One record with the line of the file it starts on (1 for the first). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvParse {
  records: CsvRecord[];
  /** What RFC 4180 does not allow, with the line it is on; the records are then partial. */
  error: { line: number; message: string } | null;
}

/** Reads the records of `text`; a blank line is no record. */
export function parseCsv(text: string): CsvParse {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  // After a closing quote only a comma or a line break may come.
  let closed = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '' || closed) records.push({ line: start, fields });
    fields = [];
    field = '';
    closed = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (c === '\n' || (c === '\r' && input[i + 1] !== '\n')) line++;
        field += c;
      }
    } else if (c === ',') {
      fields.push(field);
      field = '';
      closed = false;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (closed) {
      return { records, error: { line, message: 'Only a comma or a line break may follow a closing quote' } };
    } else if (c === '"') {
      if (field !== '')
        return { records, error: { line, message: 'A quote inside a field that does not start with one' } };
      quoted = true;
    } else {
      field += c;
    }
  }
  if (quoted) return { records, error: { line: start, message: 'A quoted field is not closed' } };
  if (field !== '' || fields.length > 0 || closed) endRecord();
  return { records, error: null };
}

const needsQuotes = /[",\r\n]/;

/** A field as a CSV file holds it. */
export const csvField = (value: string): string =>
  needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** Records as a CSV file, each ended by CRLF. */
export const formatCsv = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
