import type { OAuth2Client } from 'google-auth-library';
import type { Config } from '../../platform/config';
import { lazyRequire } from '../../platform/lazy-require';

// Loaded when a user first connects Google or a sheet is first read (lazy-require.ts).
const googleAuth = lazyRequire<typeof import('google-auth-library')>('google-auth-library');

/**
 * Read access to the user's spreadsheets, and openid email to learn which Google account was connected (the
 * address a sheet must be shared with). Nothing else: Canvass never writes to Drive.
 */
export const GOOGLE_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/spreadsheets.readonly'] as const;

export const googleRedirectUri = (config: Config) => `${config.publicUrl}/auth/google/callback`;

/** An OAuth client on Canvass's Google credentials, talking to the configured endpoints (Google's, or a stand-in). */
export function googleOAuthClient(config: Config): OAuth2Client {
  return new (googleAuth().OAuth2Client)({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: googleRedirectUri(config),
    endpoints: { oauth2AuthBaseUrl: config.GOOGLE_OAUTH_AUTH_URL, oauth2TokenUrl: config.GOOGLE_OAUTH_TOKEN_URL },
  });
}
