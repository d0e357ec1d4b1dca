import { Card, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { keyValues, Provider, providerConfigurationErrors } from '@canvass/domain';
import { Suspense, type FormEvent } from 'react';
import { keyValueAttributes, type KeyValueRow } from '../../ui/form/form-values';
import { KeyValuesInput } from '../../ui/form/key-values-input';
import { AddRowButton, RemoveRowButton } from '../../ui/form/row-buttons';
import { joinErrors } from '../../ui/form/use-form-state';
import { fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import type { OrganizationRecord, ProviderConfigurationView } from './organization-documents';
import { useRowsSection } from '../../ui/form/use-rows-section';
import { useSaveOrganization } from './use-save-organization';
import { SaveButton } from '../../ui/form/save-button';
import { lazyNamed } from '../../ui/lazy-component';

// Its own chunk: the organization page loads it once a configuration names its provider.
const ProviderCapabilityList = lazyNamed(
  () => import('../../resources/providers/provider-capability-list'),
  'ProviderCapabilityList',
);

/** The settings of a configuration: the keys of its provider (spec §9), values write-only. */
const SETTINGS = keyValues('Settings', { keysFrom: 'provider' });
// Copaco has no settings to configure (spec §9 lists none), as a brand cannot choose it either.
const PROVIDERS = Provider.options().filter((o) => o.value !== 'Copaco');

interface ConfigurationRow {
  id: string | null;
  _destroy: boolean;
  name: string;
  provider: string | null;
  isActive: boolean;
  values: KeyValueRow[];
}

const toRow = (c: ProviderConfigurationView): ConfigurationRow => ({
  id: c.id,
  _destroy: false,
  name: c.name,
  provider: c.provider,
  isActive: c.isActive,
  values: c.values.map((v) => ({ envKey: v.envKey, envValue: '', isSet: v.isSet })),
});

const toInput = (r: ConfigurationRow) =>
  r._destroy
    ? { id: r.id, _destroy: true }
    : {
        id: r.id,
        name: r.name.trim(),
        provider: r.provider,
        isActive: r.isActive,
        values: keyValueAttributes(r.values),
      };

/**
 * The organization's provider configurations (spec §3): name, provider, active, and the provider's settings, which
 * are write-only (a saved value shows as saved, is replaced by typing a new one and never comes back).
 */
export function ProviderConfigurationsSection({ record }: { record: OrganizationRecord }) {
  const save = useSaveOrganization(record.id);
  const { rows, setRows, errors, setErrors, disabled, set, remove } = useRowsSection<ConfigurationRow>(
    () => record.providerConfigurations.map(toRow),
    { canUpdate: record.can.update, saving: save.running },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const providerConfigurations = rows.map(toInput);
    const invalid = providerConfigurationErrors(providerConfigurations);
    if (Object.keys(invalid).length) return setErrors(joinErrors(invalid));
    const outcome = await save.run({ providerConfigurations });
    if (outcome.kind === 'failed') return notifyFailed(outcome.message);
    if (outcome.kind === 'invalid') {
      setErrors(joinErrors(Object.fromEntries(outcome.errors.map((e) => [e.field, e.messages]))));
      return notifyFailed(fieldErrorsText(outcome.errors), 'Error');
    }
    const saved = outcome.record as OrganizationRecord | null;
    setRows((saved?.providerConfigurations ?? []).map(toRow));
    setErrors({});
    notifySaved();
  };

  let shown = 0;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Provider configurations form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Brands whose configuration source is Organization send with the active configuration of their provider.
        </Text>
        {rows.map((row, i) => {
          if (row._destroy) return null;
          const n = ++shown;
          const at = `providerConfigurations.${i}`;
          return (
            <Card key={row.id ?? `new-${i}`} withBorder radius="md" p="md">
              <Stack gap="sm">
                <Group align="flex-start" wrap="nowrap">
                  <TextInput
                    label="Name"
                    withAsterisk
                    aria-label={`Name ${n}`}
                    value={row.name}
                    onChange={(e) => set(i, { name: e.currentTarget.value })}
                    error={errors[`${at}.name`]}
                    disabled={disabled}
                    style={{ flex: 2 }}
                  />
                  <Select
                    label="Provider"
                    withAsterisk
                    aria-label={`Provider ${n}`}
                    data={PROVIDERS}
                    value={row.provider}
                    // Another provider has other settings: the rows start again from its keys.
                    onChange={(v) => set(i, { provider: v, values: [] })}
                    error={errors[`${at}.provider`]}
                    disabled={disabled}
                    style={{ flex: 1 }}
                  />
                  <Switch
                    label="Active"
                    checked={row.isActive}
                    onChange={(e) => set(i, { isActive: e.currentTarget.checked })}
                    disabled={disabled}
                    mt={30}
                  />
                  <RemoveRowButton
                    label={`Remove provider configuration ${n}`}
                    onClick={() => remove(i)}
                    disabled={disabled}
                  />
                </Group>
                <KeyValuesInput
                  name={`${at}.values`}
                  field={SETTINGS}
                  value={row.values}
                  onChange={(v) => set(i, { values: v as KeyValueRow[] })}
                  errors={errors}
                  disabled={disabled || !row.provider}
                  values={{ provider: row.provider }}
                  record={record}
                  allowInlineCreate={false}
                />
                {row.provider && (
                  <Suspense fallback={null}>
                    <ProviderCapabilityList provider={row.provider} />
                  </Suspense>
                )}
              </Stack>
            </Card>
          );
        })}
        <AddRowButton
          label="Add provider configuration"
          onClick={() =>
            setRows((prev) => [
              ...prev,
              { id: null, _destroy: false, name: '', provider: null, isActive: true, values: [] },
            ])
          }
          disabled={disabled}
        />
        {record.can.update && <SaveButton saving={save.running} />}
      </Stack>
    </form>
  );
}
