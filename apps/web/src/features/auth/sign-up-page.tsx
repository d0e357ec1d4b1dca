import { messages } from '@canvass/domain';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { toFormErrors } from '../../session/field-errors';
import { PasswordField } from '../../ui/password-field';
import { useTransientMessage } from '../../ui/use-transient-message';
import { AuthCard } from './auth-card';
import { SignUpMutation } from './auth-operations';
import { failureMessage } from './failure-message';
import { useAuthMutation } from './use-auth-mutation';
import { WarningAlert } from './warning-alert';
import { usePageTitle } from '../../ui/use-page-title';

interface SignUpValues {
  name: string;
  username: string;
  email: string;
  password: string;
}

const requiredField = (label: string) => (value: string) => (value.trim() ? null : messages.required(label));

export function SignUpPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [fetching, signUp] = useAuthMutation(SignUpMutation);
  const [failure, showFailure] = useTransientMessage();
  const form = useForm<SignUpValues>({
    initialValues: { name: '', username: '', email: '', password: '' },
    validate: {
      name: requiredField('Full name'),
      username: requiredField('Username'),
      email: requiredField('Email'),
      password: (value) => (value ? null : messages.required('Password')),
    },
  });

  const submit = async (values: SignUpValues) => {
    const result = await signUp({ ...values, name: values.name.trim(), email: values.email.trim() });
    const payload = result.data?.signUp;
    if (payload?.success) {
      notifications.show({ color: 'green', message: payload.message ?? messages.signedUp });
      navigate('/login');
      return;
    }
    // Errors about a field sit under that field; anything else (no payload, an error on no field) is an alert.
    const fieldErrors = payload?.errors.filter((error) => error.field in form.values) ?? [];
    form.setErrors(toFormErrors(fieldErrors));
    if (fieldErrors.length === 0 || fieldErrors.length < (payload?.errors.length ?? 0)) {
      showFailure(failureMessage(payload, result.error));
    }
  };

  return (
    <AuthCard title="Create an account">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <WarningAlert message={failure} />
          <TextInput label="Full name" autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Username" autoComplete="username" {...form.getInputProps('username')} />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
          <Button type="submit" loading={fetching} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
