import type { Platform } from '../../platform/platform';
import { openFileSource } from './sources/file-source';
import { SheetError } from './sources/source';

/**
 * Why a stored upload can never be a list (empty, not a spreadsheet by its content, a CSV with a header and no rows
 * under it, a zip that is not a workbook), or null when it may be one. The same reading a list's create does
 * (openFileSource, a few KB and a CSV's first two rows), done at the upload so such a file is refused there, in
 * words, before any list exists. What only a full read finds (a hostile workbook's sheet) stays the load's to say.
 */
export async function whyNotAList(
  platform: Platform,
  file: { storageKey: string; filename: string; size: number },
): Promise<string | null> {
  try {
    await openFileSource(() => platform.storage.read(file.storageKey), file.filename, file.size);
    return null;
  } catch (err) {
    if (err instanceof SheetError) return err.message;
    throw err;
  }
}
