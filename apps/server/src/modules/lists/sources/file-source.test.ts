import path from 'node:path';
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { openFileSource } from './file-source';
import { allRows, readerOf, workbookBytes, zipThatIsNotAWorkbook } from './source-testing';

type Outcome = { rows: string[][] } | { status: string; message: string };

const header = ['phone', 'first', 'last'];
const ann = ['5551234567', 'Ann', 'Lee'];
const bo = ['5559876543', 'Bo', 'Ray'];
const fiftyOne = Array.from({ length: 51 }, (_, i) => `column ${i + 1}`);

/** A real PNG's first bytes: signature, IHDR chunk of a 1×1 image. */
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf50000003',
  'hex',
);

const notASheet = (looksLike: string) => ({
  status: 'ErrorTheFileIsNotASheet',
  message: `The file is not a spreadsheet: it looks like ${looksLike}. Upload a CSV file or an Excel workbook (.xlsx).`,
});
const emptyFile = {
  status: 'ErrorUnableToProcessTheFile',
  message: 'The file is empty: export the sheet again with its rows and upload it.',
};
const headerOnly = {
  status: 'ErrorSheetIncludesInvalidData',
  message:
    'The file has a header row but no rows below it: add the contacts under the header and upload the file again.',
};

/** The corpus of awkward files: each file, as uploaded, and what the loader gets from it. */
const corpus: [string, () => Buffer | Promise<Buffer>, Outcome][] = [
  ['bom.csv', () => Buffer.from('\uFEFFphone,first,last\r\n5551234567,Ann,Lee\r\n'), { rows: [header, ann] }],
  [
    'semicolons.csv',
    () => Buffer.from('phone;first;last\n5551234567;Ann;Lee\n5559876543;Bo;Ray\n'),
    { rows: [header, ann, bo] },
  ],
  ['tabs.csv', () => Buffer.from('phone\tfirst\tlast\n5551234567\tAnn\tLee\n'), { rows: [header, ann] }],
  ['pipes.txt', () => Buffer.from('phone|first|last\n5551234567|Ann|Lee\n'), { rows: [header, ann] }],
  [
    'excel-scientific.csv',
    () => Buffer.from('phone,first,last\n5.55123E+09,Ann,Lee\n'),
    // Kept verbatim: the loader rejects it as an invalid phone rather than guessing the lost digits.
    { rows: [header, ['5.55123E+09', 'Ann', 'Lee']] },
  ],
  [
    'quoted.csv',
    () => Buffer.from('phone,first,last\r\n"5551234567","Ann, ""Annie""","Lee\r\nof Springfield"\r\n'),
    { rows: [header, ['5551234567', 'Ann, "Annie"', 'Lee\r\nof Springfield']] },
  ],
  [
    'duplicate-headers.csv',
    () => Buffer.from('phone,name,name,phone\n5551234567,Ann,Lee,5559876543\n'),
    {
      rows: [
        ['phone', 'name', 'name', 'phone'],
        ['5551234567', 'Ann', 'Lee', '5559876543'],
      ],
    },
  ],
  [
    'blank-rows.csv',
    () => Buffer.from('\n\nphone,first,last\n\n,,\n5551234567,Ann,Lee\n \t \n5559876543,Bo,Ray\n\n'),
    { rows: [header, ann, bo] },
  ],
  [
    '51-columns.csv',
    () => Buffer.from(`${fiftyOne.join(',')}\n${fiftyOne.map((_, i) => i).join(',')}\n`),
    // All yielded: the loader is the one that refuses more than 50 columns, with its own status.
    { rows: [fiftyOne, fiftyOne.map((_, i) => String(i))] },
  ],
  [
    'utf-16le.txt',
    () =>
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        iconv.encode('phone\tfirst\tlast\r\n5551234567\tJosé\tLee\r\n', 'utf-16le'),
      ]),
    { rows: [header, ['5551234567', 'José', 'Lee']] },
  ],
  [
    'windows-1252.csv',
    () => Buffer.from('phone,first,last\r\n5551234567,Jos\xe9,Lee\r\n', 'latin1'),
    { rows: [header, ['5551234567', 'José', 'Lee']] },
  ],
  [
    'crlf.csv',
    () => Buffer.from('phone,first,last\r\n5551234567,Ann,Lee\r\n5559876543,Bo,Ray\r\n'),
    { rows: [header, ann, bo] },
  ],
  ['photo.csv', () => png, notASheet('a PNG image')],
  [
    'report.csv',
    () => Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    notASheet('a PDF document'),
  ],
  [
    'old-workbook.csv',
    () => Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'),
    notASheet('an old Excel (.xls) or Word file'),
  ],
  ['archive.xlsx', zipThatIsNotAWorkbook, notASheet('a zip archive, not an Excel workbook')],
  [
    'binary.csv',
    () => Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) % 256 || 1)),
    notASheet('a binary file'),
  ],
  ['empty.csv', () => Buffer.alloc(0), emptyFile],
  ['blank-lines.csv', () => Buffer.from('\r\n  \r\n,,\r\n'), emptyFile],
  ['header-only.csv', () => Buffer.from('phone,first,last\r\n'), headerOnly],
  ['header-only-with-blanks.csv', () => Buffer.from('\uFEFFphone,first,last\n\n,,\n'), headerOnly],
];

describe('file sources: the corpus', () => {
  it.each(corpus)('%s', async (filename, bytes, outcome) => {
    const reading = openFileSource(readerOf(await bytes()), filename).then(async (source) => {
      const [sheet] = await source.sheets();
      return { rows: await allRows(source, sheet.id) };
    });
    if ('rows' in outcome) await expect(reading).resolves.toEqual(outcome);
    else await expect(reading).rejects.toMatchObject(outcome);
  });
});

describe('file sources', () => {
  it('reads a workbook by its bytes, whatever its name says', async () => {
    const bytes = await workbookBytes((book) => {
      const sheet = book.addWorksheet('Contacts');
      sheet.addRow(header).commit();
      sheet.addRow([5551234567, 'Ann', 'Lee']).commit();
      sheet.commit();
    });
    const source = await openFileSource(readerOf(bytes), 'contacts.csv', bytes.length);
    expect(await source.sheets()).toEqual([{ id: '0', name: 'Contacts' }]);
    expect(await allRows(source, '0')).toEqual([header, ann]);
    expect(source.size).toBe(bytes.length);
  });

  it('names the CSV sheet after the file and keeps its size for progress', async () => {
    const bytes = Buffer.from('phone,first,last\n5551234567,Ann,Lee\n');
    const source = await openFileSource(readerOf(bytes), 'Fall canvass.csv', bytes.length);
    expect(await source.sheets()).toEqual([{ id: '0', name: 'Fall canvass' }]);
    await allRows(source, '0');
    expect(source.bytesRead).toBe(bytes.length);
    expect(source.size).toBe(bytes.length);
  });

  it('says the file is gone when storage no longer has it', async () => {
    const missing = path.join(import.meta.dirname, 'fixtures', 'no-such-upload.csv');
    await expect(openFileSource(() => fs.createReadStream(missing), 'list.csv')).rejects.toMatchObject({
      status: 'ErrorFileNotFound',
      message: 'The uploaded file is no longer in storage: upload the file again.',
    });
  });
});
