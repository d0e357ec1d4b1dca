import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createCsvSource } from './csv-source';
import { SheetError } from './source';
import { allLines, allRows, failingReaderOf, readerOf } from './source-testing';

const csv = (bytes: Buffer | string, chunkSize?: number) => createCsvSource(readerOf(bytes, chunkSize), 'voters.csv');
const rowsOf = (bytes: Buffer | string, chunkSize?: number) => allRows(csv(bytes, chunkSize), '0');

const expected = [
  ['phone', 'first', 'last'],
  ['5551234567', 'José', 'Núñez'],
  ['5559876543', 'Ann', "O'Neil"],
];

describe('CSV source', () => {
  it('has one sheet named after the file', async () => {
    const source = createCsvSource(readerOf('a,b\n1,2\n'), 'uploads/Voters 2026.final.csv');
    expect(await source.sheets()).toEqual([{ id: '0', name: 'Voters 2026.final' }]);
    await expect(source.preview('1', 5)).rejects.toBeInstanceOf(SheetError);
  });

  it.each([
    [',', 'comma'],
    [';', 'semicolon'],
    ['\t', 'tab'],
    ['|', 'pipe'],
  ])('detects the %j delimiter (%s)', async (delimiter) => {
    const text = expected.map((row) => row.join(delimiter)).join('\n') + '\n';
    expect(await rowsOf(text)).toEqual(expected);
  });

  it('does not take a delimiter inside quoted fields for the separator', async () => {
    // Every line has three semicolons inside quotes but only two real commas.
    const text = 'phone,note,last\n5551234567,"a;b;c;d",Smith\n5559876543,"e;f;g;h",Jones\n';
    expect(await rowsOf(text)).toEqual([
      ['phone', 'note', 'last'],
      ['5551234567', 'a;b;c;d', 'Smith'],
      ['5559876543', 'e;f;g;h', 'Jones'],
    ]);
  });

  it('reads UTF-8 with and without a byte order mark', async () => {
    const text = expected.map((row) => row.join(',')).join('\n');
    expect(await rowsOf(text)).toEqual(expected);
    expect(await rowsOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual(expected);
  });

  it('reads UTF-16 LE and BE with their byte order marks, and LE without one', async () => {
    const text = expected.map((row) => row.join('\t')).join('\r\n') + '\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, 'utf-16be')]);
    expect(await rowsOf(le)).toEqual(expected);
    expect(await rowsOf(be)).toEqual(expected);
    expect(await rowsOf(le, 3)).toEqual(expected); // characters split between chunks
    expect(await rowsOf(iconv.encode(text, 'utf-16le'))).toEqual(expected);
  });

  it('reads Windows-1252 when the bytes are not UTF-8', async () => {
    const bytes = iconv.encode(expected.map((row) => row.join(',')).join('\n') + '\n', 'windows-1252');
    expect(bytes.includes(0xe9)).toBe(true); // 'é' is one byte, 0xE9: not UTF-8
    expect(await rowsOf(bytes)).toEqual(expected);
  });

  it('switches to Windows-1252 where the first non-UTF-8 byte appears, even far into the file', async () => {
    const ascii = Array.from({ length: 5000 }, (_, i) => `${5550000000 + i},Ann,Lee\n`).join('');
    const bytes = Buffer.concat([
      Buffer.from('phone,first,last\n' + ascii),
      iconv.encode('5551234567,José,Núñez\n', 'win1252'),
    ]);
    const rows = await rowsOf(bytes, 1000);
    expect(rows).toHaveLength(5002);
    expect(rows.at(-1)).toEqual(['5551234567', 'José', 'Núñez']);
  });

  it('keeps UTF-8 characters split between chunks whole', async () => {
    const text = 'name,city\n' + 'Zoë,Bogotá\n'.repeat(300) + '東京,😀\n';
    for (const chunkSize of [1, 2, 3, 5]) {
      const rows = await rowsOf(text, chunkSize);
      expect(rows).toHaveLength(302);
      expect(rows[1]).toEqual(['Zoë', 'Bogotá']);
      expect(rows.at(-1)).toEqual(['東京', '😀']);
    }
  });

  it('reads CRLF, LF, mixed and CR-only line breaks', async () => {
    const lines = expected.map((row) => row.join(','));
    expect(await rowsOf(lines.join('\r\n') + '\r\n')).toEqual(expected);
    expect(await rowsOf(lines.join('\n'))).toEqual(expected);
    expect(await rowsOf(`${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n`)).toEqual(expected);
    expect(await rowsOf(lines.join('\r') + '\r')).toEqual(expected);
  });

  it('reads quoted fields holding delimiters, quotes and line breaks', async () => {
    const text =
      'phone,note,last\r\n' +
      '5551234567,"Lives at 12 Elm St, Apt 3","Smith, Jr."\r\n' +
      '5559876543,"She said ""call after 6""","Line one\r\nLine two"\r\n' +
      '"5550001111"  ,"spaced quote"\t,plain\r\n';
    expect(await rowsOf(text)).toEqual([
      ['phone', 'note', 'last'],
      ['5551234567', 'Lives at 12 Elm St, Apt 3', 'Smith, Jr.'],
      ['5559876543', 'She said "call after 6"', 'Line one\r\nLine two'],
      ['5550001111', 'spaced quote', 'plain'],
    ]);
  });

  it('leaves out blank rows, trims cells, keeps duplicate headers and ragged rows as they are', async () => {
    const text = 'phone,name,name\n\n  5551234567 ,  Ann\t,Lee\n,,\n   \n5559876543,Bo\n5550001111,Cy,Dee,extra\n\n';
    expect(await rowsOf(text)).toEqual([
      ['phone', 'name', 'name'],
      ['5551234567', 'Ann', 'Lee'],
      ['5559876543', 'Bo'],
      ['5550001111', 'Cy', 'Dee', 'extra'],
    ]);
  });

  it("numbers each row as the file's row: header and blank rows counted, a quoted line break inside its row", async () => {
    const text = 'phone,name,name\n\n5551234567,"Ann\nLee",x\n,,\n   \n5559876543,Bo\r\n\r\n5550001111,Cy\n\n';
    expect(await allLines(csv(text), '0')).toEqual([1, 3, 6, 8]);
    expect(await allLines(csv(text, 5), '0')).toEqual([1, 3, 6, 8]); // the same when rows are split between chunks
  });

  it('keeps cell text verbatim: Excel scientific numbers stay the text they are', async () => {
    expect(await rowsOf('phone,name\n5.55123E+09,Ann\n0012,Bo\n')).toEqual([
      ['phone', 'name'],
      ['5.55123E+09', 'Ann'],
      ['0012', 'Bo'],
    ]);
  });

  it('yields every one of 51 columns', async () => {
    const header = Array.from({ length: 51 }, (_, i) => `col${i + 1}`);
    const row = Array.from({ length: 51 }, (_, i) => `v${i + 1}`);
    expect(await rowsOf(`${header.join(',')}\n${row.join(',')}\n`)).toEqual([header, row]);
  });

  it('reads rows and quoted line breaks across batch boundaries in order', async () => {
    // ~3 MB: several batches, with a quoted multi-line cell in every row so batch ends fall inside quotes.
    const count = 40_000;
    const lines = ['id,note,phone'];
    for (let i = 0; i < count; i++) lines.push(`${i},"line ${i}\r\nsecond, line",555${String(i).padStart(7, '0')}`);
    const source = csv(lines.join('\r\n'), 4096);
    const batches: number[] = [];
    const rows: string[][] = [];
    const numbers: number[] = [];
    for await (const batch of source.rows('0')) {
      batches.push(batch.length);
      rows.push(...batch);
      numbers.push(...batch.lines!);
    }
    expect(batches.length).toBeGreaterThan(3);
    expect(rows).toHaveLength(count + 1);
    const expectedRows = Array.from({ length: count }, (_, i) => [
      `${i}`,
      `line ${i}\r\nsecond, line`,
      `555${String(i).padStart(7, '0')}`,
    ]);
    expect(rows.slice(1)).toEqual(expectedRows);
    expect(numbers).toEqual(Array.from({ length: count + 1 }, (_, i) => i + 1)); // one row per record, across batches
    expect(source.bytesRead).toBe(Buffer.byteLength(lines.join('\r\n')));
  });

  it('previews the first rows without reading the whole file', async () => {
    const text = 'phone,name\n' + '5551234567,Ann\n'.repeat(200_000); // 3 MB
    let bytesRead = 0;
    const source = createCsvSource(() => {
      const stream = readerOf(text, 16 * 1024)();
      stream.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
      return stream;
    }, 'big.csv');
    expect(await source.preview('0', 3)).toEqual([
      ['phone', 'name'],
      ['5551234567', 'Ann'],
      ['5551234567', 'Ann'],
    ]);
    expect(bytesRead).toBeLessThan(256 * 1024);
  });

  it('refuses a quote that is never closed instead of swallowing the rest of the file', async () => {
    const text = 'phone,name\n5551234567,"Ann\n' + '5559876543,Bo\n'.repeat(400_000);
    await expect(rowsOf(text)).rejects.toMatchObject({
      status: 'ErrorSheetIncludesInvalidData',
      message: expect.stringContaining('quote (") that is not closed'),
    });
    await expect(rowsOf('phone,name\n5551234567,"Ann\n')).rejects.toBeInstanceOf(SheetError);
  });

  it('streams a large file in batches that arrive long before the file has been read', async () => {
    // ~50 MB generated on the fly: the test never holds the file, and neither may the source.
    const rowBytes = Buffer.from('5551234567,Firstname,Lastname,12 Some Street,Springfield,IL,62701,extra1,extra2\n');
    const totalRows = Math.ceil((50 * 1024 * 1024) / rowBytes.length);
    const read = () =>
      Readable.from(
        (function* () {
          yield Buffer.from('phone,first,last,street,city,state,zip,a,b\n');
          const block = Buffer.concat(Array.from({ length: 1000 }, () => rowBytes));
          for (let sent = 0; sent < totalRows; sent += 1000) yield block;
        })(),
      );
    const source = createCsvSource(read, 'big.csv');
    let rows = 0;
    let batches = 0;
    let firstBatchAt = -1;
    let maxBatch = 0;
    let maxLead = 0;
    for await (const batch of source.rows('0')) {
      if (batches === 0) firstBatchAt = source.bytesRead ?? -1;
      batches++;
      rows += batch.length;
      maxBatch = Math.max(maxBatch, batch.length);
      // How far the reading runs ahead of the rows handed out: the file is pulled at the consumer's pace.
      maxLead = Math.max(maxLead, (source.bytesRead ?? 0) - rows * rowBytes.length);
    }
    expect(rows).toBe(Math.ceil(totalRows / 1000) * 1000 + 1);
    expect(firstBatchAt).toBeGreaterThan(0);
    expect(firstBatchAt).toBeLessThan(1024 * 1024); // the first rows come after the first megabyte at most
    expect(batches).toBeGreaterThan(50);
    expect(maxBatch).toBeLessThan(20_000); // batches of a few thousand rows, not the file
    expect(maxLead).toBeLessThan(4 * 1024 * 1024);
    expect(source.bytesRead).toBeGreaterThan(50 * 1024 * 1024);
  });

  it('passes on a failure to read the file, a missing file being ErrorFileNotFound', async () => {
    const bytes = Buffer.from('phone,name\n' + '5551234567,Ann\n'.repeat(20_000));
    const lost = new Error('storage connection reset');
    await expect(allRows(createCsvSource(failingReaderOf(bytes, 100_000, lost), 'a.csv'), '0')).rejects.toBe(lost);
    const gone = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    await expect(allRows(createCsvSource(failingReaderOf(bytes, 0, gone), 'a.csv'), '0')).rejects.toMatchObject({
      status: 'ErrorFileNotFound',
      message: 'The uploaded file is no longer in storage: upload the file again.',
    });
  });
});
