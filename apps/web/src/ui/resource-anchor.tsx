import { ActionIcon, Button, Card, Group, Menu, Title } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { IconDotsVertical, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { documentsFor } from './documents';
import { FavoriteToggle } from './favorite-toggle';
import { recordTitle } from './format';
import { StatusControl } from './status-control';
import { abilitiesOf, type ResourceRecord } from './types';
import { useConfirmDelete } from './use-confirm-delete';

interface Props {
  def: ResourceDef;
  record: ResourceRecord;
  /** A header button, or an item of the kebab menu (campaigns: spec 'delete from the menu'). */
  deleteIn?: 'button' | 'menu';
  /** Where to go after a delete; the resource's index by default. */
  afterDeletePath?: string;
  /** Anything a resource shows under the name. */
  children?: ReactNode;
  /** The resource's own items of the kebab menu (a user's Lock/Unlock), above Delete. */
  menuItems?: ReactNode;
  /** The resource's own controls in place of the status dropdown (a project's lifecycle actions). */
  controls?: ReactNode;
}

/** The header card of /{path}/{id}/*: name, favorite star, status dropdown and delete. */
export function ResourceAnchor({
  def,
  record,
  deleteIn = 'button',
  afterDeletePath,
  children,
  menuItems,
  controls,
}: Props) {
  const abilities = abilitiesOf(record);
  const confirmDelete = useConfirmDelete(def, record, afterDeletePath ?? `/${def.path}`);
  const toggleDoc = documentsFor(def).toggleFavorite;
  const statusField = def.statusField ? def.fields[def.statusField] : undefined;
  const canDelete = abilities.destroy;

  return (
    <Card withBorder padding="lg">
      {/* On a phone (390 px) the actions move under the name instead of running off the card. */}
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <div>
          <Group gap="xs">
            <Title order={2}>{recordTitle(def, record)}</Title>
            {toggleDoc && abilities.favorite && (
              <FavoriteToggle key={record.id} def={def} record={record} document={toggleDoc} />
            )}
          </Group>
          {children}
        </div>
        <Group gap="sm" wrap="wrap">
          {controls}
          {!controls && def.statusField && statusField?.kind === 'enum' && (
            <StatusControl def={def} name={def.statusField} field={statusField} record={record} />
          )}
          {canDelete && deleteIn === 'button' && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
              Delete
            </Button>
          )}
          {((canDelete && deleteIn === 'menu') || menuItems) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label="More actions">
                  <IconDotsVertical size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {menuItems}
                {canDelete && deleteIn === 'menu' && (
                  <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Card>
  );
}
