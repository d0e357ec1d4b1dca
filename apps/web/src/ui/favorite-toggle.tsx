import { ActionIcon, Tooltip } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorText, notifyFailed } from './notify';
import type { ResourceRecord } from './types';

/** The star of the anchor header: toggleFavorite({ clientId }); its answer is the new state. */
export function FavoriteToggle({
  def,
  record,
  document,
}: {
  def: ResourceDef;
  record: ResourceRecord;
  document: string;
}) {
  // The payload carries no record for the cache to update, so the header keeps the answer itself.
  const [favorite, setFavorite] = useState(record.isFavorite === true);
  const [state, toggle] = useMutation<{ toggleFavorite: { isFavorite: boolean } }>(document);

  const label = favorite ? 'Remove from favorites' : 'Add to favorites';
  const onClick = async () => {
    const result = await toggle({ [`${def.name}Id`]: record.id });
    if (result.data) setFavorite(result.data.toggleFavorite.isFavorite);
    else if (result.error) notifyFailed(errorText(result.error));
  };
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={label}
        aria-pressed={favorite}
        loading={state.fetching}
        onClick={() => void onClick()}
      >
        {favorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
