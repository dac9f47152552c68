/**
 * The CSV of the id files (alias files, id exports): one record a line, fields separated by
 * commas, a field quoted with `"` when it holds a comma, a quote or surrounding spaces (RFC 4180,
 * without line breaks inside a field: no core id holds one). Unquoted fields are trimmed, as a
 * spreadsheet's export may pad them; a quoted field is kept exactly.
 */

/** The fields of one line; undefined when its quotes are unbalanced. */
export function csvFields(line: string): string[] | undefined {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i += 1;
    if (line[i] === '"') {
      let value = '';
      i += 1;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) return undefined;
        value += line.slice(i, quote);
        i = quote + 1;
        if (line[i] !== '"') break;
        value += '"';
        i += 1;
      }
      while (line[i] === ' ' || line[i] === '\t') i += 1;
      if (i < line.length && line[i] !== ',') return undefined;
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, end).trim());
      i = end;
    }
    if (i >= line.length) return fields;
    i += 1; // past the comma
  }
}

/** One field as written: quoted when reading it back unquoted would change it. */
export function csvField(value: string): string {
  if (!/[",\r\n]/.test(value) && value.trim() === value) return value;
  return `"${value.replace(/"/g, '""')}"`;
}

/** One line of fields. */
export function csvLine(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/** The lines of a file's text with their 1-based numbers: a BOM and CR of CRLF dropped. */
export function numberedLines(text: string): { line: number; text: string }[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.split('\n').map((t, i) => ({ line: i + 1, text: t.replace(/\r$/, '') }));
}
