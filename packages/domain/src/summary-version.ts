/**
 * The version of a read of kept counts: the database snapshot it was read in, so that of two reads the one that saw
 * more is known wherever they meet (issue 35 §4: a screen merging a query's answer with pushed updates showed an
 * older state after a newer one). Written "xmax.running": the next transaction id when the snapshot was taken, and
 * how many transactions were still running then. A later snapshot has a higher xmax, or the same xmax and no more
 * transactions running (none can start without raising xmax); equal versions saw the same commits.
 */
export const summaryVersion = (xmax: bigint, running: number): string => `${xmax}.${running}`;

function parts(version: string): [bigint, number] | null {
  const match = /^(\d+)\.(\d+)$/.exec(version);
  return match ? [BigInt(match[1]), Number(match[2])] : null;
}

/**
 * Below 0 when `a` saw less than `b`, above 0 when it saw more, 0 when they saw the same. A version that cannot be
 * read (none, or another form) counts as older than any other.
 */
export function compareSummaryVersions(a: string | null | undefined, b: string | null | undefined): number {
  const [pa, pb] = [a ? parts(a) : null, b ? parts(b) : null];
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  if (pa[0] !== pb[0]) return pa[0] < pb[0] ? -1 : 1;
  return pb[1] - pa[1];
}

/**
 * Of two reads, the one that saw more; the second when neither saw more (the same snapshot, or no versions to tell:
 * the later answer then stands, as it always did); null when there is neither.
 */
export function newestRead<T extends { version?: string | null }>(
  a: T | null | undefined,
  b: T | null | undefined,
): T | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return compareSummaryVersions(b.version, a.version) >= 0 ? b : a;
}
