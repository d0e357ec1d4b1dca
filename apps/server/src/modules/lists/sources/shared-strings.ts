import { cellText } from './cell-text';
import { readLimits } from './read-limits';
import { sheetErrors } from './sheet-errors';
import { xmlStream, type XmlHandlers } from './xml-stream';

/**
 * The text of a string item, <si> in the shared strings or <is> in a cell: its <t>, or the <t> of each of its rich
 * text runs (<r>) joined, leaving out the phonetic guides (<rPh>) Japanese workbooks add under the text.
 */
export function stringItemText() {
  let text = '';
  let inText = false;
  let phonetic = 0;
  return {
    get text() {
      return text;
    },
    reset() {
      text = '';
    },
    /** True when the element was one of the item's own. */
    open(name: string): boolean {
      if (name === 't') inText = phonetic === 0;
      else if (name === 'rPh') phonetic++;
      else return false;
      return true;
    },
    take(piece: string) {
      if (!inText) return;
      text += piece;
      if (text.length > readLimits.cellChars) throw sheetErrors.cellTooLong();
    },
    close(name: string) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
  };
}

/** V8's cost of a short string held in an array beyond its characters (measured: 1M ten-letter texts ≈ 42 MB). */
const STRING_OVERHEAD_BYTES = 40;

/**
 * The shared strings part, streamed: the text of its items in order, as a cell shows it (cellText). Most cells
 * point to one; they are held in memory while a sheet is read (a list's distinct texts, far smaller than the sheet),
 * so past readLimits.sharedStringsBytes the workbook is refused rather than read.
 */
export async function readSharedStrings(part: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = [];
  let held = 0;
  const item = stringItemText();
  const handlers: XmlHandlers = {
    open(name) {
      if (name === 'si') item.reset();
      else item.open(name);
    },
    text: (piece) => item.take(piece),
    close(name) {
      if (name !== 'si') return item.close(name);
      const text = cellText(item.text); // trimmed once, not at each cell that shows it
      // Two bytes a character: a text outside Latin-1 is held so.
      held += STRING_OVERHEAD_BYTES + 2 * text.length;
      if (held > readLimits.sharedStringsBytes) throw sheetErrors.sharedStringsTooLarge();
      strings.push(text);
    },
  };
  const xml = xmlStream(handlers);
  for await (const chunk of part) xml.write(chunk as Buffer);
  xml.end();
  return strings;
}
