/** PostgreSQL's SQLSTATE codes the code acts on. */
export const PgCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  insufficientPrivilege: '42501',
} as const;

/** The PostgreSQL error behind err: Drizzle wraps the driver's error ("Failed query: …") in its cause. */
export function pgError(err: unknown): { code?: string; constraint?: string; message?: string } {
  return ((err as { cause?: unknown } | null)?.cause ?? err ?? {}) as { code?: string; constraint?: string };
}
