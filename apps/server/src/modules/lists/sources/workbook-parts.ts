import type { Readable } from 'node:stream';
import { readSharedStrings } from './shared-strings';
import { sheetErrors } from './sheet-errors';
import type { SheetContext } from './sheet-rows';
import { parseStyles, type CellFormat } from './workbook-styles';
import {
  parseWorkbookRels,
  parseWorkbookXml,
  WORKBOOK_PART,
  WORKBOOK_RELS_PART,
  type WorkbookXml,
} from './workbook-xml';
import { zipEntries } from './zip-entries';

const STYLES_PART = 'xl/styles.xml';
const SHARED_STRINGS_PART = 'xl/sharedstrings.xml'; // paths are compared in lower case: writers differ in case

/** The parts of a workbook read so far, kept by its source so that no part is read twice. */
export interface WorkbookFound {
  workbook?: WorkbookXml;
  rels?: Map<string, string>;
  formats?: CellFormat[];
  sharedStrings?: string[];
}

/** What reading any sheet of a workbook takes beyond the sheet's own part. */
export interface WorkbookParts extends SheetContext {
  /** The zip path of each sheet's part, in workbook order. */
  sheetPaths: string[];
}

/**
 * Reads the zip (opened by `read`) entry by entry into `found` until it holds the workbook part (`until` 'sheets': its list of sheets)
 * or every part a sheet refers to ('parts'), parsing each part it passes on the way. Excel writes the workbook part
 * first and styles and shared strings after the sheets; exceljs's writers put the workbook part last. Listing the
 * sheets thus reads only the start of an Excel workbook, and reading a sheet takes a pass up to its shared strings
 * before the pass that streams the sheet itself; for an exceljs workbook the listing has passed them all already.
 */
export async function walkWorkbook(
  read: () => Readable,
  found: WorkbookFound,
  until: 'sheets' | 'parts',
): Promise<void> {
  const done = () =>
    until === 'sheets' ? !!found.workbook : !!(found.workbook && found.rels && found.formats && found.sharedStrings);
  if (done()) return;
  const zip = zipEntries(read());
  let complete = true; // the zip was read to its end
  try {
    for await (const entry of zip) {
      const path = entry.path.toLowerCase();
      if (path === WORKBOOK_PART)
        found.workbook ??= parseWorkbookXml(await zip.bytes(entry, 'list of sheets (xl/workbook.xml)'));
      else if (path === WORKBOOK_RELS_PART)
        found.rels ??= parseWorkbookRels(await zip.bytes(entry, 'list of parts (xl/_rels/workbook.xml.rels)'));
      else if (path === STYLES_PART) found.formats ??= parseStyles(await zip.bytes(entry, 'styles (xl/styles.xml)'));
      else if (path === SHARED_STRINGS_PART) found.sharedStrings ??= await readSharedStrings(zip.chunks(entry));
      if (done()) {
        complete = false;
        break;
      }
    }
  } catch (error) {
    throw zip.failure(error, () =>
      until === 'sheets' ? sheetErrors.notASheet('a damaged zip archive') : sheetErrors.unreadableWorkbook(error),
    );
  }
  if (!found.workbook) throw sheetErrors.notASheet('a zip archive, not an Excel workbook');
  if (complete) {
    // Parts a workbook may go without: no relationships, no styles (General numbers), no shared strings.
    found.rels ??= new Map();
    found.formats ??= [];
    found.sharedStrings ??= [];
  }
}

/** The parts found, once walkWorkbook has read them up to 'parts'. */
export function workbookParts(found: WorkbookFound): WorkbookParts {
  const { workbook, rels, formats, sharedStrings } = found;
  if (!workbook || !rels || !formats || !sharedStrings) throw new Error('the workbook parts have not been read');
  return {
    sheetPaths: workbook.sheets.map(
      // Without relationships, sheetN.xml is the Nth sheet, as every writer names them.
      (sheet, index) => rels.get(sheet.relationshipId ?? '') ?? `xl/worksheets/sheet${index + 1}.xml`,
    ),
    date1904: workbook.date1904,
    sharedStrings,
    formats,
  };
}
