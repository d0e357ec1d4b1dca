import { parseXml } from './xml-stream';

/** What a cell's style (its s attribute, an index into cellXfs) says of how its number shows. */
export interface CellFormat {
  /** The number format's code, when it is one a list's digits depend on (see cellText). */
  numFmt: string | undefined;
  /** The number is a date (or a time): a serial count of days. */
  date: boolean;
}

const GENERAL: CellFormat = { numFmt: undefined, date: false };

/** The built-in number formats (ECMA-376 §18.8.30) by id: those with digits that matter, and the dates and times. */
const BUILT_IN: Record<number, CellFormat> = { 1: { numFmt: '0', date: false }, 2: { numFmt: '0.00', date: false } };
for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]) BUILT_IN[id] = { numFmt: undefined, date: true };

/** The formats of the styles part's cellXfs, in order; a workbook without styles has only General numbers. */
export function parseStyles(xml: Buffer): CellFormat[] {
  const custom = new Map<number, string>();
  const formats: CellFormat[] = [];
  let inCellXfs = false;
  parseXml(xml, {
    open(name, attributes) {
      if (name === 'numFmt') custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(formatOf(Number(attributes.numFmtId ?? 0), custom));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/** The format of a cell whose style is `index` (no style, or one the workbook lacks: General). */
export function cellFormat(formats: CellFormat[], index: string | undefined): CellFormat {
  return index === undefined ? GENERAL : (formats[Number(index)] ?? GENERAL);
}

function formatOf(id: number, custom: Map<number, string>): CellFormat {
  const code = custom.get(id);
  if (code === undefined) return BUILT_IN[id] ?? GENERAL;
  return { numFmt: code, date: isDateFormat(code) };
}

/**
 * A custom format showing a date or a time: one with day, month, year, hour or second placeholders once its
 * literal text ("quoted", \escaped, _ and * padding) and its [sections] (colors, conditions, locales) are set aside.
 */
export function isDateFormat(code: string): boolean {
  const placeholders = code.replace(/"[^"]*"|\\.|[_*].|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(placeholders);
}
