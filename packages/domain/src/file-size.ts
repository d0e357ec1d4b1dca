/** A file's size in words a person reads: '120 KB', '2.4 MB' (never a bare byte count). */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
