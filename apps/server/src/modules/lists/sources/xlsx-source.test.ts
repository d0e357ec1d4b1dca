import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SheetError } from './source';
import {
  allLines,
  allRows,
  failingReaderOf,
  handWrittenWorkbook,
  readerOf,
  workbookBytes,
  zipThatIsNotAWorkbook,
} from './source-testing';
import { createXlsxSource } from './xlsx-source';

/** Two sheets: contacts with shared strings, a date, a numeric phone, a formula, rich text; and a notes sheet. */
const twoSheets = () =>
  workbookBytes((book) => {
    const contacts = book.addWorksheet('Contacts & Donors');
    contacts.addRow(['Phone', 'First', 'Last', 'Born', 'Score', 'Note', 'Zip', 'Dues']).commit();
    const first = contacts.addRow([
      5551234567,
      'José',
      'Núñez',
      new Date(Date.UTC(1980, 4, 17)),
      { formula: 'B1&"!"', result: 42 },
      { richText: [{ text: 'Very ' }, { font: { bold: true }, text: 'keen' }] },
      2134, // a Boston ZIP code typed into a cell formatted 00000: the sheet shows 02134
      12.5,
    ]);
    first.getCell(4).numFmt = 'yyyy-mm-dd';
    first.getCell(7).numFmt = '00000';
    first.getCell(8).numFmt = '0.00';
    first.commit();
    contacts.addRow([]).commit(); // blank row
    const second = contacts.addRow(['555-987-6543', 'Ann', 'Lee', new Date(Date.UTC(2001, 0, 2, 14, 5)), 0.1 + 0.2]);
    second.getCell(4).numFmt = 'yyyy-mm-dd hh:mm';
    second.commit();
    contacts.addRow(['5.55123E+09', '  Bo  ', 'Ray', undefined, 12345678901234]).commit();
    contacts.commit();
    const notes = book.addWorksheet('Notes');
    notes.addRow(['Phone', 'Note']).commit();
    notes.addRow([5550001111, 'José']).commit(); // the same shared string as on the first sheet
    notes.commit();
  });

describe('XLSX source', () => {
  it('lists every sheet in workbook order, ids being their indexes', async () => {
    const source = createXlsxSource(readerOf(await twoSheets()));
    expect(await source.sheets()).toEqual([
      { id: '0', name: 'Contacts & Donors' },
      { id: '1', name: 'Notes' },
    ]);
  });

  it('reads cells as the sheet shows them: shared strings, dates, whole phone numbers, formula results, rich text', async () => {
    const source = createXlsxSource(readerOf(await twoSheets(), 4096));
    expect(await allRows(source, '0')).toEqual([
      ['Phone', 'First', 'Last', 'Born', 'Score', 'Note', 'Zip', 'Dues'],
      ['5551234567', 'José', 'Núñez', '1980-05-17', '42', 'Very keen', '02134', '12.50'],
      ['555-987-6543', 'Ann', 'Lee', '2001-01-02 14:05:00', '0.3'],
      ['5.55123E+09', 'Bo', 'Ray', '', '12345678901234'],
    ]);
    expect(await allRows(source, '1')).toEqual([
      ['Phone', 'Note'],
      ['5550001111', 'José'],
    ]);
    expect(source.bytesRead).toBeGreaterThan(0);
  });

  it("numbers each row as the sheet's row, the blank row counted", async () => {
    const source = createXlsxSource(readerOf(await twoSheets()));
    expect(await allLines(source, '0')).toEqual([1, 2, 4, 5]);
  });

  it('previews the first rows of a sheet', async () => {
    const source = createXlsxSource(readerOf(await twoSheets()));
    expect(await source.preview('0', 2)).toEqual([
      ['Phone', 'First', 'Last', 'Born', 'Score', 'Note', 'Zip', 'Dues'],
      ['5551234567', 'José', 'Núñez', '1980-05-17', '42', 'Very keen', '02134', '12.50'],
    ]);
    expect(await source.preview('1', 10)).toHaveLength(2);
  });

  it("lists the sheets of a workbook in Excel's order from its start, and reads its rows", async () => {
    // Excel writes the workbook part first and the shared strings last (fixtures/README.md).
    const bytes = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/excel-order.xlsx'));
    let bytesRead = 0;
    const source = createXlsxSource(() => {
      const stream = readerOf(bytes, 1024)();
      stream.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
      return stream;
    });
    expect(await source.sheets()).toEqual([
      { id: '0', name: 'Volunteers' },
      { id: '1', name: 'Read me' },
    ]);
    // The zip reader queues 16 chunks ahead of the entry it reads: 16 KB here, the workbook part being in the first 2 KB.
    expect(bytesRead).toBeLessThan(bytes.length / 2);
    const rows = await allRows(source, '0');
    expect(rows).toHaveLength(3001);
    expect(rows.slice(0, 3)).toEqual([
      ['Phone', 'First name', 'Last name', 'Signed up'],
      ['5552000000', 'Ana', 'Family0', '2024-01-01'],
      ['5552000001', 'Ben', 'Family1', '2024-02-02'],
    ]);
    expect(await source.preview('1', 5)).toEqual([['Exported for the test corpus']]);
  });

  it('puts each cell in the column its reference names, and reads inline strings and rich text as their text', async () => {
    const bytes = handWrittenWorkbook({
      sheets: {
        List: [
          '<row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c><c r="C1" t="s"><v>0</v></c></row>',
          // No row reference, and cells without references following the one before them.
          '<row><c r="B2"><v>5551234567</v></c><c t="s"><v>1</v></c><c r="E2" t="inlineStr"><is><r><t>Very </t></r><r><rPr><b/></rPr><t>keen</t></r></is></c></row>',
          '<row r="9"><c r="A9" t="s"><v>2</v></c><c r="C9"/></row>', // a styled empty cell is no cell
          '<row r="10"><c r="A10" s="0"/></row>', // blank: left out
          '<row r="11"><c r="AA11" t="str"><f>A1</f><v> formula text </v></c><c r="AB11" t="b"><v>1</v></c><c r="AC11" t="e"><v>#N/A</v></c><c r="AD11"><v>5.551234567E9</v></c></row>',
        ].join(''),
      },
      sharedStrings: [
        '<si><t>Full &amp; name</t></si>',
        // A name with its Japanese reading guide under it: the guide is not the name.
        '<si><r><t xml:space="preserve">Ann </t></r><r><t>Lee</t></r><rPh sb="0" eb="1"><t>アン</t></rPh></si>',
        '<si><t><![CDATA[  555-0100 ]]></t></si>',
      ].join(''),
    });
    const rows = await allRows(createXlsxSource(readerOf(bytes, 100)), '0');
    expect(rows.slice(0, 3)).toEqual([
      ['Phone', '', 'Full & name'],
      ['', '5551234567', 'Ann Lee', '', 'Very keen'],
      ['555-0100'],
    ]);
    expect(rows[3].slice(26)).toEqual(['formula text', 'TRUE', '#N/A', '5551234567']);
    expect(rows).toHaveLength(4);
  });

  it('shows numbers with a date format as dates: built-in and custom formats, and the 1904 date system', async () => {
    const dates = {
      numFmts:
        '<numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="[$-409]mmmm d, yyyy;@"/>' +
        '<numFmt numFmtId="166" formatCode="&quot;Day&quot; 0"/><numFmt numFmtId="167" formatCode="00000"/>',
      // General, built-in 14 (m/d/yyyy) and 22 (date and time), custom dates, a custom number quoting a "Day",
      // a ZIP code format, built-in 2 (0.00), built-in 49 (text).
      cellXfs: ['0', '14', '22', '164', '165', '166', '167', '2', '49'].map((id) => `<xf numFmtId="${id}"/>`).join(''),
      sheets: {
        Dates: `<row r="1">${[45000, 45000, 45000.5, 36526.25, 45000, 45000, 2134, 12.5, 45000]
          .map((v, i) => `<c r="${String.fromCharCode(65 + i)}1" s="${i}"><v>${v}</v></c>`)
          .join('')}</row>`,
      },
    };
    const shown = ['45000', '2023-03-15', '2023-03-15 12:00:00', '2000-01-01 06:00:00', '2023-03-15', '45000'];
    shown.push('02134', '12.50', '45000');
    expect(await createXlsxSource(readerOf(handWrittenWorkbook(dates))).preview('0', 5)).toEqual([shown]);
    const mac = handWrittenWorkbook({ ...dates, workbookPr: '<workbookPr date1904="1"/>' });
    expect((await createXlsxSource(readerOf(mac)).preview('0', 5))[0].slice(0, 3)).toEqual([
      '45000',
      '2027-03-16',
      '2027-03-16 12:00:00',
    ]);
  });

  it("finds a sheet's part through the workbook's relationships, whatever its name, and reads prefixed elements", async () => {
    const bytes = handWrittenWorkbook({
      sheets: {
        First: '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>first</x:t></x:is></x:c></x:row>',
        Second: '<row r="1"><c r="B1"><v>2</v></c></row>',
      },
      paths: ['worksheets/sheet2.xml', '/xl/worksheets/sheet1.xml'],
    });
    const source = createXlsxSource(readerOf(bytes));
    expect(await source.sheets()).toEqual([
      { id: '0', name: 'First' },
      { id: '1', name: 'Second' },
    ]);
    expect(await source.preview('0', 5)).toEqual([['first']]);
    expect(await source.preview('1', 5)).toEqual([['', '2']]);
  });

  it('yields rows in batches of a few thousand', async () => {
    const bytes = await workbookBytes((book) => {
      const sheet = book.addWorksheet('Many');
      sheet.addRow(['phone']).commit();
      for (let i = 0; i < 10_000; i++) sheet.addRow([5550000000 + i]).commit();
      sheet.commit();
    });
    const sizes: number[] = [];
    for await (const batch of createXlsxSource(readerOf(bytes)).rows('0')) sizes.push(batch.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10_001);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5000);
  });

  it('refuses a sheet with only a header, an empty sheet and a sheet it does not have', async () => {
    const bytes = await workbookBytes((book) => {
      book.addWorksheet('Header only').addRow(['phone', 'name']).commit();
      book.addWorksheet('Empty').commit();
    });
    const source = createXlsxSource(readerOf(bytes));
    await expect(allRows(source, '0')).rejects.toMatchObject({
      status: 'ErrorSheetIncludesInvalidData',
      message:
        'The sheet "Header only" has a header row but no rows below it: add the contacts under the header and upload the file again.',
    });
    await expect(allRows(source, '1')).rejects.toMatchObject({
      status: 'ErrorUnableToProcessTheFile',
      message: expect.stringContaining('The sheet "Empty" has no rows'),
    });
    await expect(source.preview('2', 5)).rejects.toMatchObject({ status: 'ErrorUnableToAccessTheSheet' });
    await expect(source.preview('1', 5)).resolves.toEqual([]);
  });

  it('reads a sparse row out to column AMJ, the last a list reads, and refuses a cell past it', async () => {
    const sparse = (reference: string) =>
      createXlsxSource(
        readerOf(
          handWrittenWorkbook({
            sheets: {
              Contacts: `<row r="1"><c r="A1" t="inlineStr"><is><t>Phone</t></is></c><c r="${reference}1" t="inlineStr"><is><t>Note</t></is></c></row><row r="2"><c r="A2"><v>2125550101</v></c></row>`,
            },
          }),
        ),
      );
    const [header, row] = await allRows(sparse('AMJ'), '0');
    expect(header).toHaveLength(1024);
    expect([header[0], header[1023], header.slice(1, 1023).every((cell) => cell === '')]).toEqual([
      'Phone',
      'Note',
      true,
    ]);
    expect(row).toEqual(['2125550101']);
    await expect(sparse('AMK').preview('0', 1)).rejects.toEqual(
      new SheetError(
        'ErrorUnableToProcessTheFile',
        "The sheet has a cell in column AMK: a list reads at most 1,024 columns. Delete the columns past the list's own and upload the file again.",
      ),
    );
  });

  it('refuses a workbook of more than 200 sheets, each of which creating a list would preview', async () => {
    const sheets = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`S${i}`, '<row r="1"><c r="A1"><v>1</v></c></row>']));
    await expect(
      createXlsxSource(readerOf(handWrittenWorkbook({ sheets: sheets(200) }))).sheets(),
    ).resolves.toHaveLength(200);
    await expect(createXlsxSource(readerOf(handWrittenWorkbook({ sheets: sheets(201) }))).sheets()).rejects.toEqual(
      new SheetError(
        'ErrorUnableToProcessTheFile',
        'The workbook has more than 200 sheets. Copy the sheet that holds the list into a workbook of its own and upload that.',
      ),
    );
  });

  it('refuses a zip archive that is not a workbook', async () => {
    await expect(createXlsxSource(readerOf(await zipThatIsNotAWorkbook())).sheets()).rejects.toEqual(
      new SheetError(
        'ErrorTheFileIsNotASheet',
        'The file is not a spreadsheet: it looks like a zip archive, not an Excel workbook. Upload a CSV file or an Excel workbook (.xlsx).',
      ),
    );
  });

  it('fails, rather than waits forever, when the file cannot be read to its end', { timeout: 10_000 }, async () => {
    const bytes = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/excel-order.xlsx'));
    const lost = new Error('storage connection reset');
    const source = createXlsxSource(failingReaderOf(bytes, 40 * 1024, lost));
    expect(await source.sheets()).toHaveLength(2); // the start of the file is there
    await expect(allRows(source, '0')).rejects.toBe(lost);
    await expect(source.preview('0', 5)).rejects.toBe(lost);
    const gone = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    await expect(createXlsxSource(failingReaderOf(bytes, 0, gone)).sheets()).rejects.toMatchObject({
      status: 'ErrorFileNotFound',
    });
  });
});
