import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { OptionsByTypeQuery, OptionsByTypeQueryVariables } from '../../../gql/graphql';
import { OPTIONS_BY_TYPE } from './message-editor-operations';

export type ServerOptionType = 'ProjectOptOutLanguage' | 'TextMimeType';
export type ServerOption = OptionsByTypeQuery['options'][number];

/**
 * One of the server's option lists; empty while it loads or when it fails (the editor still works, only without
 * the list's suggestions), with the failure for whoever wants to say so.
 */
export function useServerOptions(optionType: ServerOptionType): {
  options: ServerOption[];
  fetching: boolean;
  error: string | null;
} {
  const [result] = useQuery<OptionsByTypeQuery, OptionsByTypeQueryVariables>({
    query: OPTIONS_BY_TYPE,
    variables: { optionType },
  });
  const options = useMemo(() => result.data?.options ?? [], [result.data]);
  return { options, fetching: result.fetching, error: result.error ? result.error.message : null };
}
