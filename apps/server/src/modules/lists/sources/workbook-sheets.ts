import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Parse } from 'unzipper';
import { readFailure, sheetErrors } from './sheet-errors';
import type { SheetInfo } from './source';

const WORKBOOK_PART = 'xl/workbook.xml';
/** Beyond this a workbook part is not one: the list of sheets is a few KB even with hundreds of sheets. */
const MAX_WORKBOOK_PART = 16 * 1024 * 1024;

/**
 * The sheets of an XLSX, in workbook order (id = index), read from its workbook part alone. The zip is read entry by
 * entry only up to that part. Excel writes it right at the start, so listing the sheets of a large Excel workbook
 * reads only its start (the zip reader queues 16 chunks ahead: about 1 MB in 64 KB reads); exceljs's own writers put it last, and then the whole zip is read (unzipped, not
 * parsed). exceljs's reader cannot stop after the workbook part, hence this. A zip without one is not a spreadsheet.
 */
export async function readWorkbookSheets(input: Readable): Promise<SheetInfo[]> {
  const zip = Parse({ forceStream: true });
  let failure: unknown;
  input.on('error', (error) => (failure = error));
  const piping = pipeline(input, zip).catch(() => undefined); // errors surface through the entries below
  try {
    for await (const entry of zip) {
      if (entry.path !== WORKBOOK_PART) {
        entry.autodrain();
        continue;
      }
      const xml = (await entry.buffer()).toString('utf8');
      if (xml.length > MAX_WORKBOOK_PART) break;
      return sheetsOfWorkbookXml(xml);
    }
  } catch {
    if (failure) throw readFailure(failure);
    throw sheetErrors.notASheet('a damaged zip archive');
  } finally {
    input.destroy();
    zip.destroy();
    await piping;
  }
  throw sheetErrors.notASheet('a zip archive, not an Excel workbook');
}

/** The <sheet name="…"/> elements of the workbook part, whatever namespace prefix its writer used. */
export function sheetsOfWorkbookXml(xml: string): SheetInfo[] {
  const sheets: SheetInfo[] = [];
  for (const [, attributes] of xml.matchAll(/<(?:[\w-]+:)?sheet\b([^>]*)>/g)) {
    const name = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes);
    if (name) sheets.push({ id: String(sheets.length), name: decodeXml(name[1] ?? name[2]) });
  }
  return sheets;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return String.fromCodePoint(code);
  });
}
