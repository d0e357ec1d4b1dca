import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { entryByName, phoneDigits, type RefField, type ResourceDef } from '@canvass/domain';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { useSession } from '../../session/session';
import { INLINE_SEARCH_LIMIT, SEARCH_DEBOUNCE_MS } from '../constants';
import { documentsFor } from '../documents';
import { isPhoneReference, referenceText } from '../format';
import { InlineCreateDialog } from '../inline-create-dialog';
import { isReference, type Filter, type Reference } from '../types';
import type { FieldInputProps } from './input-props';

const ADD_NEW = '__add_new__';

// The server already filtered by the search; Mantine must not filter again (it would hide 'Add new').
const serverFiltered: OptionsFilter = ({ options }) => options;

function targetOf(field: RefField): ResourceDef {
  // People (a texter) are served by the users module, not the generic tables, but are chosen the same way.
  const target = entryByName(field.resource);
  if (!target) throw new Error(`No resource ${field.resource} in the registry`);
  return target;
}

/** The options, each named as the target's own pages write it (a phone's number formatted). */
function uniqueOptions(field: RefField, refs: (Reference | null | undefined)[]): ComboboxItem[] {
  const seen = new Map<string, ComboboxItem>();
  for (const r of refs) if (r && !seen.has(r.id)) seen.set(r.id, { value: r.id, label: referenceText(field, r.name) });
  return [...seen.values()];
}

/**
 * A searchable select over another resource: Like on its search field plus the field's `where`, 5 options
 * (spec §9), and 'Add new …' opening an inline create dialog where the registry says inlineCreate (spec §2) and the
 * viewer may create.
 */
export function RefSelect({
  name,
  field,
  value,
  onChange,
  errors,
  disabled,
  record,
  allowInlineCreate,
}: FieldInputProps<RefField>) {
  const target = targetOf(field);
  const docs = documentsFor(target);
  const { can } = useSession();
  const id = typeof value === 'string' ? value : null;
  const initial = isReference(record[field.as]) ? (record[field.as] as Reference) : null;

  const [known, setKnown] = useState<Reference | null>(initial);
  // The input shows the chosen option's label, so the search text starts as that label.
  const shown = (ref: Reference | null | undefined) => (ref ? referenceText(field, ref.name) : '');
  const [search, setSearch] = useState(initial?.id === id ? shown(initial) : '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);

  // A value that arrived without its name (navigation state, a preset) is looked up once.
  const [labelResult] = useQuery<Record<string, Reference | null>>({
    query: docs.reference,
    variables: { id: id ?? '' },
    pause: !id || known?.id === id,
  });
  const current = known?.id === id ? known : (labelResult.data?.[target.name] ?? null);

  // The input shows the chosen name; that is not a search.
  const typed = debounced === shown(current) ? '' : debounced;
  // A number is searched by its digits, however it was typed ('(614)-597' finds 6145974367).
  const term = typed && isPhoneReference(field) ? phoneDigits(typed) : typed;
  const variables = useMemo(() => {
    const filters: Filter[] = Object.entries(field.where ?? {}).map(([f, v]) => ({
      field: f,
      operation: 'Equal',
      value: v,
    }));
    if (term) filters.push({ field: target.list.search, operation: 'Like', value: term });
    return { filters, limit: INLINE_SEARCH_LIMIT, sortBy: target.list.search, sortOrder: 'Asc' };
  }, [field, target, term]);
  const [optionsResult] = useQuery<Record<string, { nodes: Reference[] }>>({
    query: docs.options,
    variables,
    pause: !opened,
  });
  const found = optionsResult.data?.[target.plural]?.nodes ?? [];

  const canCreate = allowInlineCreate && target.inlineCreate === true && can('Create', target.typeName);
  const data = uniqueOptions(field, [current, ...found]);
  if (canCreate) data.push({ value: ADD_NEW, label: `Add new ${target.label.toLowerCase()}` });

  const choose = (next: string | null) => {
    if (next === ADD_NEW) {
      setSearch(shown(current));
      setCreating(true);
      return;
    }
    setKnown(found.find((r) => r.id === next) ?? (next === current?.id ? current : null));
    onChange(next);
  };

  return (
    <>
      <Select
        label={field.label}
        withAsterisk={field.required}
        placeholder={`Search ${target.pluralLabel.toLowerCase()}`}
        searchable
        clearable={!field.required}
        data={data}
        value={id}
        onChange={choose}
        searchValue={search}
        onSearchChange={setSearch}
        filter={serverFiltered}
        onDropdownOpen={() => setOpened(true)}
        nothingFoundMessage={optionsResult.fetching ? 'Searching…' : 'Nothing found'}
        error={errors[name]}
        disabled={disabled}
      />
      {canCreate && (
        <InlineCreateDialog
          def={target}
          opened={creating}
          preset={field.where}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            // A record without a name (a phone) is named by its search field, as the reference query names it.
            const ref = { id: created.id, name: String(created.name ?? created[target.list.search] ?? '') };
            setKnown(ref);
            setSearch(shown(ref));
            onChange(ref.id);
          }}
        />
      )}
    </>
  );
}
