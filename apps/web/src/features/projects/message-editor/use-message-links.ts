import type { PlaceholderContext } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../../session/session';
import type { MessageLinksQuery, MessageLinksQueryVariables } from '../../../gql/graphql';
import { MESSAGE_LINKS } from './message-editor-operations';

/**
 * The organization's shortened links a message may name, for the placeholder menu (those with a domain) and the
 * placeholder checks. Not asked for by a viewer who may not view shortened links; empty while loading or then.
 */
export function useMessageLinks(): PlaceholderContext['links'] {
  const { can } = useSession();
  const [result] = useQuery<MessageLinksQuery, MessageLinksQueryVariables>({
    query: MESSAGE_LINKS,
    pause: !can('View', 'ShortenedLink'),
  });
  return useMemo(() => result.data?.messageLinks ?? [], [result.data]);
}
