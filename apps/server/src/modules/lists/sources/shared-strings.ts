import { cellText } from './cell-text';
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
      if (inText) text += piece;
    },
    close(name: string) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
  };
}

/**
 * The shared strings part, streamed: the text of its items in order, as a cell shows it (cellText). Most cells
 * point to one; they are held in memory while a sheet is read (a list's distinct texts, far smaller than the sheet).
 */
export async function readSharedStrings(part: AsyncIterable<Buffer>): Promise<string[]> {
  const strings: string[] = [];
  const item = stringItemText();
  const handlers: XmlHandlers = {
    open(name) {
      if (name === 'si') item.reset();
      else item.open(name);
    },
    text: (piece) => item.take(piece),
    close(name) {
      if (name === 'si')
        strings.push(cellText(item.text)); // trimmed once, not at each cell that shows it
      else item.close(name);
    },
  };
  const xml = xmlStream(handlers);
  for await (const chunk of part) xml.write(chunk as Buffer);
  xml.end();
  return strings;
}
