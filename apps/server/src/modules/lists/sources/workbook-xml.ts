import { readLimits } from './read-limits';
import { sheetErrors } from './sheet-errors';
import { parseXml } from './xml-stream';

export const WORKBOOK_PART = 'xl/workbook.xml';
export const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';

/** A sheet as the workbook part names it: its name and the relationship that leads to its part. */
export interface WorkbookSheet {
  name: string;
  relationshipId: string | undefined;
}

export interface WorkbookXml {
  /** In workbook order: a sheet's index is its id. */
  sheets: WorkbookSheet[];
  /** Dates counted from 1904 (old Mac workbooks) rather than 1900. */
  date1904: boolean;
}

/** The workbook part: its <sheet> elements and <workbookPr date1904>. */
export function parseWorkbookXml(xml: Buffer): WorkbookXml {
  const workbook: WorkbookXml = { sheets: [], date1904: false };
  parseXml(xml, {
    open(name, attributes) {
      if (name === 'sheet' && attributes.name !== undefined) {
        if (workbook.sheets.length >= readLimits.sheets) throw sheetErrors.tooManySheets();
        workbook.sheets.push({ name: attributes.name, relationshipId: relationshipIdOf(attributes) });
      } else if (name === 'workbookPr') workbook.date1904 = ['1', 'true'].includes(attributes.date1904);
    },
  });
  return workbook;
}

/** r:id, whatever prefix its writer gave the relationships namespace. */
function relationshipIdOf(attributes: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(attributes)) if (name.endsWith(':id')) return value;
  return undefined;
}

/** The workbook's relationships (sheets, styles, shared strings): id → the zip path of the part it leads to. */
export function parseWorkbookRels(xml: Buffer): Map<string, string> {
  const targets = new Map<string, string>();
  parseXml(xml, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target)
        targets.set(attributes.Id, partPath(attributes.Target));
    },
  });
  return targets;
}

/** A relationship target as a zip path: relative to xl/ unless absolute ("/xl/worksheets/sheet1.xml"). */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
