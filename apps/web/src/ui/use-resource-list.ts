import { useDebouncedValue } from '@mantine/hooks';
import { listDocument, listSelection, type ResourceDef } from '@canvass/domain';
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './constants';
import { documentsFor } from './documents';
import type { ListTotal } from './list-pager';
import type { Connection, Filter, SortOrder } from './types';

export interface Sort {
  sortBy: string;
  sortOrder: SortOrder;
}

/** Which page: forward from `after`, or backward to `before` (cursor paging, spec §7). */
type Cursor = { after?: string; before?: string };

/** What the CSV export receives: the list as filtered and sorted, without paging. */
export interface ListVariables {
  filters: Filter[];
  sortBy: string;
  sortOrder: SortOrder;
}

/** How a screen's list differs from the index: its page size, and fields its cells read besides the columns. */
export interface ListOptions {
  pageSize?: number;
  alsoSelect?: readonly string[];
  /** The first order, when not the resource's default (a project's texts: by status, the order its index serves). */
  sort?: Sort;
}

/**
 * The state of one index list (search, sort, page) and its query. Changing the search or sort returns to the
 * first page, since the old cursors point into a different ordering.
 */
export function useResourceList(
  def: ResourceDef,
  fixedFilters: readonly Filter[] = [],
  { pageSize = PAGE_SIZE, alsoSelect = [], sort: firstSort }: ListOptions = {},
) {
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSortState] = useState<Sort>(firstSort ?? { sortBy: def.list.sortBy, sortOrder: def.list.sortOrder });
  const [cursor, setCursor] = useState<Cursor>({});

  // Callers pass filters inline; compare by content so a re-render does not look like a new filter.
  const fixedKey = JSON.stringify(fixedFilters);
  const filtersFor = useCallback(
    (term: string): Filter[] => [
      ...(JSON.parse(fixedKey) as Filter[]),
      ...(term ? [{ field: def.list.search, operation: 'Like' as const, value: term }] : []),
    ],
    [fixedKey, def],
  );
  const listVariables = useMemo<ListVariables>(
    () => ({ filters: filtersFor(debounced), ...sort }),
    [filtersFor, debounced, sort],
  );
  // An export clicked right after typing must honour what was typed, not wait for the debounce.
  const exportVariables = useMemo<ListVariables>(
    () => ({ filters: filtersFor(search.trim()), ...sort }),
    [filtersFor, search, sort],
  );

  const variables = useMemo(
    () => ({
      ...listVariables,
      ...(cursor.before ? { last: pageSize, before: cursor.before } : { first: pageSize, after: cursor.after }),
      // Counting costs more than a page: the first page counts, the pages after it keep that total.
      withTotal: !cursor.before && !cursor.after,
    }),
    [listVariables, cursor, pageSize],
  );
  // A list that came back empty holds no typename for the cache to watch; name it so a create refreshes it.
  const context = useMemo(() => ({ additionalTypenames: [def.typeName] }), [def]);
  const alsoKey = alsoSelect.join(' ');
  const query = useMemo(
    () => (alsoKey ? listDocument(def, listSelection(def, [...def.list.columns, ...alsoKey.split(' ')])) : null),
    [def, alsoKey],
  );
  const [result, reexecute] = useQuery<Record<string, Connection>>({
    query: query ?? documentsFor(def).list,
    variables,
    context,
    requestPolicy: 'cache-and-network',
  });
  const connection = result.data?.[def.plural];

  // The total of these filters, kept while paging through them (derived state, updated during render).
  const listKey = JSON.stringify(listVariables);
  const [total, setTotal] = useState<(ListTotal & { key: string }) | null>(null);
  const counted = connection?.totalCount;
  const capped = connection?.totalCountIsCapped ?? false;
  if (counted !== undefined && (total?.key !== listKey || total.count !== counted || total.capped !== capped))
    setTotal({ key: listKey, count: counted, capped });

  return {
    connection,
    total: total?.key === listKey ? { count: total.count, capped: total.capped } : undefined,
    fetching: result.fetching,
    error: result.error,
    reexecute,
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setCursor({});
    },
    sort,
    /** A header click: the same column flips the order, another column starts ascending. */
    toggleSort: (column: string) => {
      setSortState((s) =>
        s.sortBy === column
          ? { sortBy: column, sortOrder: s.sortOrder === 'Asc' ? 'Desc' : 'Asc' }
          : { sortBy: column, sortOrder: 'Asc' },
      );
      setCursor({});
    },
    nextPage: () => setCursor({ after: connection?.pageInfo.endCursor ?? undefined }),
    previousPage: () => setCursor({ before: connection?.pageInfo.startCursor ?? undefined }),
    exportVariables,
  };
}
