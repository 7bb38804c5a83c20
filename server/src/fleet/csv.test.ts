import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads fields, quoted ones with commas, doubled quotes and line breaks, with the line each record starts on', () => {
    const text =
      '\uFEFFid,name\r\ninv1,"Inverter, north"\r\ninv2,"The ""big"" one"\r\n\r\ninv3,"two\r\nlines"\r\ninv4,last';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, fields: ['id', 'name'] },
        { line: 2, fields: ['inv1', 'Inverter, north'] },
        { line: 3, fields: ['inv2', 'The "big" one'] },
        { line: 5, fields: ['inv3', 'two\r\nlines'] },
        { line: 7, fields: ['inv4', 'last'] },
      ],
      error: null,
    });
  });

  it('reads bare LF line ends and empty fields', () => {
    expect(parseCsv('a,,c\n,,\n').records).toEqual([
      { line: 1, fields: ['a', '', 'c'] },
      { line: 2, fields: ['', '', ''] },
    ]);
  });

  it('names the line of a quote left open, or misplaced', () => {
    expect(parseCsv('id\n"open\nstill').error).toEqual({ line: 2, message: 'A quoted field is not closed' });
    expect(parseCsv('id\nin"side').error).toEqual({
      line: 2,
      message: 'A quote inside a field that does not start with one',
    });
    expect(parseCsv('id\n"a"b').error?.line).toBe(2);
  });

  it('reads back what formatCsv writes', () => {
    const rows = [
      ['id', 'name'],
      ['x', 'Quote " comma , break \n end'],
      ['y', ''],
    ];
    const text = formatCsv(rows);
    expect(text).toBe('id,name\r\nx,"Quote "" comma , break \n end"\r\ny,\r\n');
    expect(parseCsv(text).records.map((r) => r.fields)).toEqual(rows);
  });
});
