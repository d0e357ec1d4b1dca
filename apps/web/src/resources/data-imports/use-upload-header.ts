import { useEffect, useState } from 'react';
import { graphqlRequest } from '../../session/graphql-request';
import { DataImportPreviewQuery } from './data-imports-operations';

/**
 * The header row of an uploaded file, read from the server's preview of it: undefined while it is read, null when
 * there is no file or it cannot be read (the caller then lets columns be typed by name).
 */
export function useUploadHeader(uploadId: string | null): readonly string[] | null | undefined {
  const [header, setHeader] = useState<readonly string[] | null | undefined>(uploadId ? undefined : null);
  useEffect(() => {
    if (!uploadId) return setHeader(null);
    let live = true;
    setHeader(undefined);
    void graphqlRequest(DataImportPreviewQuery, { uploadId }).then((res) => {
      const rows = res.data?.dataImportPreview as string[][] | undefined;
      if (live) setHeader(!res.error && rows?.[0]?.length ? rows[0] : null);
    });
    return () => {
      live = false;
    };
  }, [uploadId]);
  return header;
}
