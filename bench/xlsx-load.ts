import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { usAreaCodes } from '@canvass/domain';
import { openFileSource } from '../apps/server/src/modules/lists/sources/file-source';
import type { Platform } from '../apps/server/src/platform/platform';
import type { Benchmark } from './benchmarks';
import { phoneOf, rawCopySeconds, seedList, seedOrganization, timedListLoad } from './list-load';
import { benchPlatform } from './setup';

const ROWS = 200_000;
// prettier-ignore
const HEADER = ['Phone', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip', 'Email', 'Party', 'Precinct', 'Age', 'Gender', 'Voter Id', 'Registered'];
const COLUMNS = HEADER.length; // 14
// prettier-ignore
const FIRST = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lou', 'Max', 'Ned', 'José'];
// prettier-ignore
const LAST = ['Smith', 'Jones', 'García', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Moore', 'Taylor', 'Lee', 'Núñez'];
const DAY_MS = 86_400_000;

/**
 * The i-th voter as a workbook exported from a voter file holds it: most phones typed as numbers (Excel's own
 * habit), some as text the way people write them, a few invalid; ZIP codes as numbers formatted 00000; ages and
 * precincts as numbers; the registration a date; every other column text (shared strings, as Excel writes them).
 */
function voter(i: number, areaCodes: string[]): (string | number | Date)[] {
  const digits = phoneOf(i % 100 === 13 ? i - 5 : i, areaCodes); // 1 % repeat an earlier row's number
  const phone =
    i % 50 === 7
      ? '555-0100'
      : i % 3 === 0
        ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
        : +digits;
  return [
    phone,
    FIRST[i % FIRST.length],
    LAST[i % LAST.length],
    `${i} Main St, Apt ${i % 40}`,
    'Springfield',
    'NY',
    i % 89_999, // a ZIP code: 00000 to 89998, leading zeros kept by its format
    `voter${i}@example.test`,
    i % 2 ? 'DEM' : 'REP',
    i % 700,
    18 + (i % 70),
    i % 2 ? 'F' : 'M',
    `NY${String(i).padStart(9, '0')}`,
    new Date(Date.UTC(2000, 0, 1) + (i % 9000) * DAY_MS),
  ];
}

/** A voter's cells as the sheet shows them, as a CSV export of it would write them. */
function shown(cells: (string | number | Date)[]): string[] {
  return cells.map((cell, column) => {
    if (cell instanceof Date) return cell.toISOString().slice(0, 10);
    if (column === 6) return String(cell).padStart(5, '0');
    return String(cell);
  });
}

/** The workbook, written row by row with exceljs's streaming writer into storage, as a large export is written. */
async function writeWorkbook(platform: Platform, key: string, areaCodes: string[]) {
  const out = new PassThrough();
  const writing = platform.storage.write(key, out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  const sheet = book.addWorksheet('Voters');
  sheet.getColumn(7).numFmt = '00000';
  sheet.getColumn(14).numFmt = 'yyyy-mm-dd';
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow(voter(i, areaCodes)).commit();
    // Lets the file stream drain: the writer would otherwise hold the whole sheet in memory.
    if (i % 10_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await book.commit();
  await writing;
}

/** The same rows as a CSV, for the baseline. */
async function* csvLines(areaCodes: string[]): AsyncGenerator<string> {
  const line = (cells: string[]) => `${cells.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')}\n`;
  let chunk = line(HEADER);
  for (let i = 0; i < ROWS; i++) {
    chunk += line(shown(voter(i, areaCodes)));
    if (chunk.length > 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** Reading every row of the workbook with the XLSX source alone, no database: how much of the load is the reading. */
async function sourceSeconds(platform: Platform, storageKey: string, expected: string[]): Promise<number> {
  const t = process.hrtime.bigint();
  const source = await openFileSource(() => platform.storage.read(storageKey), 'voters.xlsx');
  let rows = 0;
  for await (const batch of source.rows('0')) {
    if (rows === 0 && batch[1].join() !== expected.join())
      throw new Error(`the source reads ${JSON.stringify(batch[1])}, not ${JSON.stringify(expected)}`);
    rows += batch.length;
  }
  if (rows !== ROWS + 1) throw new Error(`the source read ${rows} rows, not ${ROWS + 1}`);
  return Number(process.hrtime.bigint() - t) / 1e9;
}

export const xlsxLoad: Benchmark = {
  name: 'list-load-xlsx',
  description: `a ${ROWS.toLocaleString('en-US')}-row × ${COLUMNS}-column XLSX in storage to a Loaded list (numeric phones, dates, formatted ZIP codes, shared strings; list-load's opt-outs and do-not-contact numbers), vs a raw COPY of the same rows as CSV`,
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const areaCodes = usAreaCodes();
      const storageKey = 'uploads/bench/voters.xlsx';
      const csvKey = 'uploads/bench/voters-baseline.csv';
      await writeWorkbook(platform, storageKey, areaCodes);
      await platform.storage.write(csvKey, csvLines(areaCodes));
      const { size } = await fs.promises.stat(path.join(platform.config.filesDir, storageKey));
      // list-load's organization (opt-outs and do-not-contact numbers among this file's numbers) and list; the
      // upload is named voters.csv there, which does not matter: a file is read for what its bytes are.
      const { org, userId } = await seedOrganization(platform, areaCodes);
      const listId = await seedList(platform, org, userId, { key: storageKey, size, columns: COLUMNS });
      // The baseline is the database's floor for these rows, as list-load's is for its CSV: it does not move with the
      // XLSX reader under test (a baseline of the reader alone would slow down with it and hide its regressions), so
      // the ratio says what reading a workbook, cleaning and scrubbing add to merely storing the same rows.
      await rawCopySeconds(platform, csvKey, COLUMNS); // warms the caches for both sides
      const copySeconds = await rawCopySeconds(platform, csvKey, COLUMNS);
      // The reading alone, printed beside the load: where the time goes.
      const readSeconds = await sourceSeconds(platform, storageKey, shown(voter(0, areaCodes)));

      const { seconds, figures } = await timedListLoad(platform, { organizationId: org, userId }, listId, ROWS);
      return [
        {
          name: 'list-load-xlsx',
          value: seconds,
          unit: 's',
          baseline: copySeconds,
          target: { valueAtMost: 10 },
          extra: {
            rows: ROWS,
            fileMb: Math.round(size / 1024 / 1024),
            sourceOnlySeconds: readSeconds,
            ...figures,
          },
        },
      ];
    } finally {
      await close();
    }
  },
};
