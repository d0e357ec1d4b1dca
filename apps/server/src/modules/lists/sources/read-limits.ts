/**
 * Bounds on what reading a spreadsheet may hold or do, checked before anything is allocated (issue 34): a file
 * states its own sizes (a cell's column, a part's length, how far its zip unpacks), and a reader that believed it
 * could be made to fill the heap and take down the process, which under `npm start` is the whole product. Within
 * them any file up to UPLOAD_MAX_BYTES is read in well under 256 MB. Each bound is far past what a real list needs.
 */
export const readLimits = {
  /**
   * Columns of a sheet: a list keeps 50 (MAX_LIST_COLUMNS) besides phone and names, and a wide voter file has a few
   * hundred. A row is an array this long, and a batch thousands of rows.
   */
  columns: 1024,
  /** Bytes of one CSV record: a longer one is an unclosed quote swallowing the file, or no line breaks at all. */
  rowBytes: 4 * 1024 * 1024,
  /**
   * Sheets of a workbook: creating a list previews each, every preview reading the file anew, so thousands of tiny
   * sheets would keep the request reading for minutes; a workbook that holds a list has a handful.
   */
  sheets: 200,
  /** Characters in one cell, Excel's own limit: a cell's text is built up piece by piece from the XML. */
  cellChars: 32_767,
  /** Bytes of a part read whole (the list of sheets, its relationships, the styles): a real one is a few KB. */
  partBytes: 16 * 1024 * 1024,
  /**
   * Memory the shared strings may take, as estimated from their count and length: they are held while a sheet is
   * read (a million distinct short texts take about 40 MB).
   */
  sharedStringsBytes: 128 * 1024 * 1024,
  /**
   * How many times its size a zip may unpack to: a spreadsheet's XML packs about 10 times (Excel's and exceljs's
   * sheets alike), 50 at most for rows of the same few cells; a zip bomb packs a thousand times (deflate's limit),
   * every unpacked byte costing time. `inflateSlackBytes` lets a small file unpack before the ratio means anything.
   */
  inflateRatio: 100,
  inflateSlackBytes: 16 * 1024 * 1024,
  /** Bytes of XML without a tag in them (one text, one tag's attributes): the XML parser holds such a run whole. */
  xmlRunBytes: 4 * 1024 * 1024,
  /** Nesting of XML elements: the parser keeps a stack of them; a worksheet nests six deep. */
  xmlDepth: 64,
  /** Bytes of a sheet's XML read for a preview: its first rows are near the start. */
  previewXmlBytes: 16 * 1024 * 1024,
} as const;

/** 1024 → '1,024', as the messages write numbers. */
export const counted = (n: number) => n.toLocaleString('en-US');
