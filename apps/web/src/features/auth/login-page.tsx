import { messages } from '@canvass/domain';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { goToExternal } from '../../app/browser';
import { useSession } from '../../app/session';
import { PasswordField } from '../../app/password-field';
import { useTransientMessage } from '../../app/use-transient-message';
import { AuthCard } from './auth-card';
import { AuthConfigQuery, IsAdminLoginQuery } from './auth-operations';
import { WarningAlert } from './warning-alert';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  const { signIn } = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const [{ data: config }] = useQuery({ query: AuthConfigQuery, variables: {} });
  const [failure, showFailure] = useTransientMessage();
  const [submitting, setSubmitting] = useState(false);
  // The identity-provider sign-in comes back to /login?error=… when it could not sign the user in.
  const [params] = useSearchParams();
  const returnedError = params.get('error');
  useEffect(() => {
    if (returnedError) showFailure(returnedError);
  }, [returnedError, showFailure]);
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : messages.required('Email')),
      password: (value) => (value ? null : messages.required('Password')),
    },
  });

  const submit = async ({ email, password }: LoginValues) => {
    setSubmitting(true);
    try {
      // Spec §2: admin-type accounts sign in on another site when the server says so.
      const admin = await client
        .query(IsAdminLoginQuery, { email: email.trim() }, { requestPolicy: 'network-only' })
        .toPromise();
      const adminUrl = admin.data?.isAdminLogin.url;
      if (adminUrl) {
        goToExternal(adminUrl);
        return;
      }
      const message = await signIn(email.trim(), password);
      if (message) showFailure(message);
      else navigate('/dashboard', { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  const authConfig = config?.authConfig;
  return (
    <AuthCard title="Sign in">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <WarningAlert message={failure} />
          <TextInput label="Email" type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/password-recovery" size="sm">
              Forgot password?
            </Anchor>
            {authConfig?.signUpEnabled !== false && (
              <Anchor component={Link} to="/sign-up" size="sm">
                Create an account
              </Anchor>
            )}
          </Group>
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
          {authConfig?.oidcEnabled && (
            <>
              <Divider label="or" labelPosition="center" />
              {/* A full page load, not a router link: the identity provider flow starts on the server. */}
              <Button component="a" href="/auth/oidc/start" variant="default" fullWidth>
                {authConfig.oidcLabel ?? 'Sign in with single sign-on'}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
