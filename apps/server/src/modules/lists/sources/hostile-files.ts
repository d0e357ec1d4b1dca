import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { handWrittenParts, readerOf, zipArchive, type PackedEntry } from './source-testing';

/**
 * Files written to take a server down (issue 34): each is small, and each tells the reader to allocate or work far
 * past what it holds. Written by code so that no test ships a bomb.
 */
export interface HostileFile {
  filename: string;
  read: () => Readable;
}

const MB = 1024 * 1024;
const HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c></row>';
const SECOND_ROW = '<row r="2"><c r="A2" t="inlineStr"><is><t>2125550101</t></is></c></row>';

export const hostileFiles: Record<string, () => Promise<HostileFile>> = {
  /** One cell in column ZZZZZZ (the 321,272,406th): the reader used to make a row that long. */
  async farColumn() {
    const far = '<row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c><c r="ZZZZZZ1"><v>1</v></c></row>';
    return workbook(handWrittenParts({ sheets: { Contacts: far + SECOND_ROW } }));
  },
  /** A workbook part of 400 MB of blanks between its elements: the list of sheets is a few hundred bytes. */
  async hugeWorkbookPart() {
    const parts = handWrittenParts({ sheets: { Contacts: HEADER_ROW + SECOND_ROW } });
    const [start, end] = parts['xl/workbook.xml'].split('<sheets>');
    return workbook(parts, { 'xl/workbook.xml': [start, '<sheets>', ...blanks(400 * MB), end] });
  },
  /** Shared strings of 30 million tiny items (540 MB of XML): held as strings they fill the heap. */
  async sharedStringsBomb() {
    const item = '<si><t>ab</t></si>';
    const perMb = Math.floor(MB / item.length);
    return workbook(
      handWrittenParts({ sheets: { Contacts: HEADER_ROW + SECOND_ROW }, sharedStrings: '<si><t>x</t></si>' }),
      { 'xl/sharedStrings.xml': ['<sst>', ...repeated(item.repeat(perMb), 540), '</sst>'] },
    );
  },
  /** A sheet of 400 MB of blank rows under its header, from a file of 400 KB. */
  async zipBomb() {
    const blankRows = '<row/>'.repeat(MB / 8);
    const parts = handWrittenParts({ sheets: { Contacts: '' } });
    const [start, end] = parts['xl/worksheets/sheet1.xml'].split('<sheetData>');
    return workbook(parts, {
      'xl/worksheets/sheet1.xml': [start, '<sheetData>', HEADER_ROW, ...repeated(blankRows, 520), end],
    });
  },
  /** A CSV whose first line never ends: 2 GB without a line break (read lazily, never held by the test). */
  async csvEndlessLine() {
    return { filename: 'endless.csv', read: () => Readable.from(repeated(Buffer.alloc(MB, 'a'), 2048)) };
  },
  /** A CSV of a million columns a row. */
  async csvMillionColumns() {
    const row = `${'a,'.repeat(1_000_000)}a\n`;
    return { filename: 'wide.csv', read: readerOf(row + row) };
  },
};

/** A workbook of `parts` (path → XML), its `bloated` ones (path → pieces of XML) deflated as they stream. */
async function workbook(
  parts: Record<string, string>,
  bloated: Record<string, Iterable<string | Buffer>> = {},
): Promise<HostileFile> {
  const entries: PackedEntry[] = [];
  for (const [path, content] of Object.entries(parts)) entries.push(await deflated(path, bloated[path] ?? [content]));
  return { filename: 'contacts.xlsx', read: readerOf(zipArchive(entries)) };
}

async function deflated(path: string, pieces: Iterable<string | Buffer>): Promise<PackedEntry> {
  const deflate = zlib.createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { path, crc, size, packed: Buffer.concat(out) };
}

function* repeated<T>(piece: T, times: number): Generator<T> {
  for (let i = 0; i < times; i++) yield piece;
}

function blanks(bytes: number): Generator<Buffer> {
  return repeated(Buffer.alloc(MB, ' '), bytes / MB);
}
