import { TextType, textEntry, type EnumValue } from '@canvass/domain';
import { useMemo } from 'react';
import { ResourceIndex } from '../../ui/resource-index';
import type { Filter } from '../../ui/types';

type TextTypeName = EnumValue<typeof TextType>;

/** The texts tab shows the project's own texts; its tests and seeds have tabs of their own. */
const SENT_TO_RECIPIENTS: readonly TextTypeName[] = TextType.values.filter((t) => t !== 'Test' && t !== 'Seed');

/** The order the project's index serves; the organization's list of texts is newest first instead. */
const BY_STATUS = { sort: { sortBy: 'textStatus', sortOrder: 'Asc' } } as const;

/**
 * A project's texts of some types (spec §2: texts, test_texts, seed_texts): the text resource's list, a page at a
 * time by cursor over the (organization, project, status, id) index, its total counted no further than the cap, so
 * a project of a million texts opens its first page without counting them.
 */
export function ProjectTextsTab({
  projectId,
  types = SENT_TO_RECIPIENTS,
  title,
}: {
  projectId: string;
  types?: readonly TextTypeName[];
  title: string;
}) {
  const filters = useMemo<Filter[]>(
    () => [
      { field: 'projectId', operation: 'Equal', value: projectId },
      types.length === 1
        ? { field: 'textType', operation: 'Equal', value: types[0] }
        : { field: 'textType', operation: 'In', arrayValues: [...types] },
    ],
    [projectId, types],
  );
  return <ResourceIndex def={textEntry} title={title} filters={filters} options={BY_STATUS} />;
}
