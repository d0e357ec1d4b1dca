/**
 * The first `limit` rows of a stream of batches. Leaving the loop early ends the generator, which closes the file:
 * a preview reads only the start of it.
 */
export async function previewRows(batches: AsyncIterable<string[][]>, limit: number): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of batches) {
    for (const row of batch) {
      if (rows.length >= limit) return rows;
      rows.push(row);
    }
    if (rows.length >= limit) return rows;
  }
  return rows;
}
