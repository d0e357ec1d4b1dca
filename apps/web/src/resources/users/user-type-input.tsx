import { Select } from '@mantine/core';
import { Role, userTypeOptions, type RoleName } from '@canvass/domain';
import { useSession } from '../../session/session';
import type { FieldInputProps } from '../../ui/form/input-props';

/**
 * The user form's Type (spec §5): fixed once the user exists; on create only the types this viewer may give
 * (userTypeOptions, the same rule the server applies).
 */
export function UserTypeInput({ name, field, value, onChange, errors, disabled, record }: FieldInputProps) {
  const { user, can, isAdmin } = useSession();
  const isNew = !('id' in record);
  const options = isNew
    ? userTypeOptions({ role: (user?.role ?? 'Texter') as RoleName, isAdmin, can })
    : Role.values.filter((v) => v === value);
  const current = typeof value === 'string' && (options as string[]).includes(value) ? value : null;
  return (
    <Select
      label={field.label}
      withAsterisk
      data={Role.options().filter((o) => (options as string[]).includes(o.value))}
      value={current}
      onChange={(v) => onChange(v)}
      allowDeselect={false}
      error={errors[name]}
      disabled={disabled || !isNew}
    />
  );
}
