import { useEffect, useState } from 'react';
import { graphqlRequest } from '../../session/graphql-request';
import { AuthConfigQuery, type AuthConfig } from './auth-operations';

/** How this server signs people in (single sign-on, sign-up); undefined until it has answered. */
export function useAuthConfig(): AuthConfig | undefined {
  const [config, setConfig] = useState<AuthConfig>();
  useEffect(() => {
    let current = true;
    void graphqlRequest(AuthConfigQuery, {}).then((result) => {
      if (current && result.data) setConfig(result.data.authConfig);
    });
    return () => {
      current = false;
    };
  }, []);
  return config;
}
