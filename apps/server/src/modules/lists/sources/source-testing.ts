import { PassThrough, Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import type { SpreadsheetSource } from './source';

/**
 * Opens `bytes` afresh on each call, in chunks of `chunkSize` bytes: small chunks split rows, quoted cells and
 * multi-byte characters the way a slow upload or a storage read can.
 */
export function readerOf(bytes: Buffer | string, chunkSize = 64 * 1024): () => Readable {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return () => {
    const chunks: Buffer[] = [];
    for (let at = 0; at < buffer.length; at += chunkSize) chunks.push(buffer.subarray(at, at + chunkSize));
    return Readable.from(chunks, { objectMode: false });
  };
}

/** Every row of a sheet, the batches joined. */
export async function allRows(source: SpreadsheetSource, sheetId: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of source.rows(sheetId)) rows.push(...batch);
  return rows;
}

/** The sheet's row number of every row, the batches joined; undefined where a batch does not tell them. */
export async function allLines(source: SpreadsheetSource, sheetId: string): Promise<(number | undefined)[]> {
  const lines: (number | undefined)[] = [];
  for await (const batch of source.rows(sheetId)) lines.push(...(batch.lines ?? batch.map(() => undefined)));
  return lines;
}

/** A workbook written by exceljs's streaming writer, the way a large export is written. */
export async function workbookBytes(build: (book: ExcelJS.stream.xlsx.WorkbookWriter) => void): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  build(book);
  await book.commit();
  return Buffer.concat(chunks);
}

/** A zip archive like any other: a workbook whose workbook part has been renamed (same length, so still valid). */
export async function zipThatIsNotAWorkbook(): Promise<Buffer> {
  const zip = await workbookBytes((book) => book.addWorksheet('x').commit());
  return Buffer.from(zip.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'), 'latin1');
}

/** Opens `bytes` but fails after `failAfter` bytes, as a storage read can midway. */
export function failingReaderOf(bytes: Buffer, failAfter: number, error: Error): () => Readable {
  return () =>
    Readable.from(
      (async function* () {
        for (let at = 0; at < failAfter; at += 1024) yield bytes.subarray(at, Math.min(at + 1024, failAfter));
        throw error;
      })(),
      { objectMode: false },
    );
}

/** A zip entry once deflated: what its headers say and its compressed bytes. */
export interface PackedEntry {
  path: string;
  crc: number;
  size: number;
  packed: Buffer;
}

/**
 * A zip of `files` (path → content), deflated, sizes in each entry's header as Excel writes them: for workbooks whose
 * XML a test writes itself, with what exceljs's writers never produce (inline strings, phonetic runs, cells without
 * references, prefixed elements, sheets whose parts are not in sheet order).
 */
export function zipOf(files: Record<string, string>): Buffer {
  return zipArchive(
    Object.entries(files).map(([path, content]) => {
      const data = Buffer.from(content);
      return { path, crc: zlib.crc32(data), size: data.length, packed: zlib.deflateRawSync(data) };
    }),
  );
}

/** The zip archive of entries already deflated: local headers, the central directory and its end record. */
export function zipArchive(entries: PackedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { path: name, crc, size, packed } of entries) {
    const path = Buffer.from(name);
    const sizes = (header: Buffer, at: number) => {
      header.writeUInt16LE(8, at); // deflated
      header.writeUInt32LE(crc, at + 6);
      header.writeUInt32LE(packed.length, at + 10);
      // A size past 4 GB does not fit: such an entry says 4 GB, as a forged header can.
      header.writeUInt32LE(Math.min(size, 0xffffffff), at + 14);
      header.writeUInt16LE(path.length, at + 18);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    sizes(local, 8);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    sizes(central, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, path, packed);
    centrals.push(central, path);
    offset += local.length + path.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const PREFIXED = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const RELS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/**
 * A workbook of hand-written parts, in Excel's order: each sheet's <sheetData> inner XML (named sheet1.xml … in
 * order unless `paths`, relationship targets, say otherwise), the shared strings' <si> items, the styles' <numFmts> and <cellXfs> inner XML.
 */
export function handWrittenWorkbook(parts: WorkbookPartsXml): Buffer {
  return zipOf(handWrittenParts(parts));
}

export interface WorkbookPartsXml {
  sheets: Record<string, string>;
  paths?: string[];
  sharedStrings?: string;
  numFmts?: string;
  cellXfs?: string;
  workbookPr?: string;
}

/** The parts of handWrittenWorkbook, path → XML, before they are zipped. */
export function handWrittenParts(parts: WorkbookPartsXml): Record<string, string> {
  const names = Object.keys(parts.sheets);
  const paths = parts.paths ?? names.map((_, i) => `worksheets/sheet${i + 1}.xml`);
  const files: Record<string, string> = {
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook ${MAIN} ${RELS}>${parts.workbookPr ?? ''}<sheets>${names
      .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${paths
      .map((path, i) => `<Relationship Id="rId${i + 1}" Type="worksheet" Target="${path}"/>`)
      .join('')}</Relationships>`,
  };
  names.forEach((name, i) => {
    files[paths[i].startsWith('/') ? paths[i].slice(1) : `xl/${paths[i]}`] =
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN} ${PREFIXED}><sheetData>${parts.sheets[name]}</sheetData></worksheet>`;
  });
  files['xl/styles.xml'] =
    `<styleSheet ${MAIN}><numFmts>${parts.numFmts ?? ''}</numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs>${parts.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`;
  if (parts.sharedStrings) files['xl/sharedStrings.xml'] = `<sst ${MAIN}>${parts.sharedStrings}</sst>`;
  return files;
}
