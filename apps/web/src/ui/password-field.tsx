import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's password input whose show/hide button is not named "…password…": with Mantine's default label
 * ('Toggle password visibility') a lookup by the label 'Password' (screen readers' field lists, end-to-end
 * tests) finds two elements instead of the field.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }} {...props} />;
}
