import { Button, Menu, Text } from '@mantine/core';
import { availablePlaceholders, type AvailablePlaceholder, type PlaceholderContext } from '@canvass/domain';
import { IconBraces } from '@tabler/icons-react';
import { Fragment, useMemo } from 'react';

const GROUPS: { kind: AvailablePlaceholder['kind']; title: string }[] = [
  { kind: 'name', title: 'Recipient' },
  { kind: 'listHeader', title: 'List columns' },
  { kind: 'textDefault', title: 'Text defaults' },
  { kind: 'link', title: 'Shortened links' },
];

/** A button opening the placeholders the message may use, grouped; picking one hands its `{…}` to `onPick`. */
export function PlaceholderMenu({
  context,
  onPick,
  disabled,
}: {
  context: PlaceholderContext;
  onPick(token: string): void;
  disabled?: boolean;
}) {
  const offered = useMemo(() => availablePlaceholders(context), [context]);
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={320}>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconBraces size={14} />} disabled={disabled}>
          Insert placeholder
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {GROUPS.map(({ kind, title }) => {
          const items = offered.filter((p) => p.kind === kind);
          if (!items.length) return null;
          return (
            <Fragment key={kind}>
              <Menu.Label>{title}</Menu.Label>
              {items.map((p) => (
                <Menu.Item key={p.token} onClick={() => onPick(p.token)}>
                  <Text size="sm">{p.label}</Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {p.token} · {p.description}
                  </Text>
                </Menu.Item>
              ))}
            </Fragment>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
