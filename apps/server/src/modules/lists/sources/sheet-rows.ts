import { cellText, serialDate } from './cell-text';
import { counted, readLimits } from './read-limits';
import { sheetErrors } from './sheet-errors';
import { stringItemText } from './shared-strings';
import { cellFormat, type CellFormat } from './workbook-styles';
import { xmlStream, type XmlStream } from './xml-stream';

/** What the cells of a sheet refer to: the shared strings, the cell formats, the workbook's date system. */
export interface SheetContext {
  /** As cells show them (see readSharedStrings). */
  sharedStrings: string[];
  formats: CellFormat[];
  date1904: boolean;
}

/**
 * A parser of a worksheet part that hands `onRow` each row as the text of its cells, as the part streams through
 * it: only <row>, <c> and their value (<v>, or <is> for an inline string) are read. A cell goes to the column its
 * reference names (r="C5"), '' filling the columns the sheet has no cell for; a cell without a reference follows
 * the one before it. Blank rows are left out; `line` is the row's number in the sheet (its r, else the one after the
 * row before), blank rows counted.
 */
export function sheetRowsParser(context: SheetContext, onRow: (cells: string[], line: number) => void): XmlStream {
  let line = 0;
  let cells: string[] = [];
  let filled = false;
  let column = 0;
  let type: string | undefined;
  let style: string | undefined;
  let value = '';
  let hasValue = false;
  let inValue = false;
  let inInline = false;
  const inline = stringItemText();
  return xmlStream({
    open(name, attributes) {
      if (name === 'v') {
        inValue = true;
        hasValue = true;
      } else if (name === 'c') {
        const named = attributes.r ? columnOf(attributes.r) : -1;
        if (named >= 0) column = named;
        // A row is an array as long as its last column: the reference, not the cells, says how long.
        if (column >= readLimits.columns)
          throw sheetErrors.tooManyColumns(`The sheet has a cell in ${columnName(attributes.r, column)}`);
        type = attributes.t;
        style = attributes.s;
        value = '';
        hasValue = false;
      } else if (name === 'row') {
        const numbered = Number(attributes.r);
        line = Number.isSafeInteger(numbered) && numbered > 0 ? numbered : line + 1;
        cells = [];
        filled = false;
        column = 0;
      } else if (name === 'is') {
        inInline = true;
        hasValue = true;
        inline.reset();
      } else if (inInline) inline.open(name);
    },
    text(piece) {
      if (inValue) {
        value += piece;
        if (value.length > readLimits.cellChars) throw sheetErrors.cellTooLong();
      } else if (inInline) inline.take(piece);
    },
    close(name) {
      if (name === 'v') inValue = false;
      else if (name === 'c') {
        if (hasValue) {
          const text = valueText(type, value, context, style);
          cells[column] = text;
          if (text !== '') filled = true;
          hasValue = false;
        }
        column++;
      } else if (name === 'is') {
        inInline = false;
        value = inline.text;
      } else if (name === 'row') {
        if (!filled) return;
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        onRow(cells, line);
      } else if (inInline) inline.close(name);
    },
  });
}

/** A cell's text from its type (t) and its value: a shared string's index, text, or a number in its format. */
function valueText(type: string | undefined, value: string, context: SheetContext, style: string | undefined): string {
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'inlineStr':
    case 'str': // a formula's text result
      return cellText(value);
    case 'e': // an error, as Excel shows it: #N/A, #DIV/0! …
      return value.trim();
    case 'b':
      return cellText(value.trim() === '1' || value.trim() === 'true');
    case 'd': // an ISO 8601 date (strict OOXML): the date and time shown, in no zone
      return cellText(new Date(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.trim()}Z`));
    default: {
      if (value.trim() === '') return '';
      const format = cellFormat(context.formats, style);
      const n = Number(value);
      return format.date ? cellText(serialDate(n, context.date1904)) : cellText(n, format.numFmt);
    }
  }
}

/** A column as the message names it: its letters as the cell's reference writes them (ZZZZZZ), else its number. */
function columnName(reference: string | undefined, column: number): string {
  const letters = /^[A-Za-z]+/.exec(reference ?? '')?.[0];
  return letters ? `column ${letters.toUpperCase()}` : `column ${counted(column + 1)}`;
}

/** The 0-based column of a cell reference: C5 → 2, AA10 → 26. */
function columnOf(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20; // lower case
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column - 1;
}
