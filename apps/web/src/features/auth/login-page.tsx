import { messages } from '@canvass/domain';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { goToExternal } from '../../session/browser';
import { graphqlRequest } from '../../session/graphql-request';
import { useSession } from '../../session/session';
import { PasswordField } from '../../ui/password-field';
import { useTransientMessage } from '../../ui/use-transient-message';
import { AuthCard } from './auth-card';
import { IsAdminLoginQuery } from './auth-operations';
import { useAuthConfig } from './use-auth-config';
import { WarningAlert } from './warning-alert';
import { usePageTitle } from '../../ui/use-page-title';

interface LoginValues {
  email: string;
  password: string;
}

export function LoginPage() {
  usePageTitle('Login');
  const { signIn } = useSession();
  const navigate = useNavigate();
  const authConfig = useAuthConfig();
  const [failure, showFailure] = useTransientMessage();
  const [submitting, setSubmitting] = useState(false);
  // The identity-provider sign-in comes back to /login?error=… when it could not sign the user in.
  const [params] = useSearchParams();
  const returnedError = params.get('error');
  useEffect(() => {
    if (returnedError) showFailure(returnedError);
  }, [returnedError, showFailure]);
  // Two fields need no form library: the login page is the smallest download of the app (bundle budget).
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<LoginValues>>({});
  const inputProps = (name: keyof LoginValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: values.email.trim() ? undefined : messages.required('Email'),
      password: values.password ? undefined : messages.required('Password'),
    };
    setErrors(found);
    if (!found.email && !found.password) void submit(values);
  };

  const submit = async ({ email, password }: LoginValues) => {
    setSubmitting(true);
    try {
      // Spec §2: admin-type accounts sign in on another site when the server says so.
      const admin = await graphqlRequest(IsAdminLoginQuery, { email: email.trim() });
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

  return (
    <AuthCard title="Sign in">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <WarningAlert message={failure} />
          <TextInput label="Email" type="email" autoComplete="username" {...inputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" {...inputProps('password')} />
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
