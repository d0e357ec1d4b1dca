import { messages } from '@canvass/domain';
import { UnauthenticatedError } from '../../platform/auth/viewer';
import { builder, MessagePayloadRef } from '../../platform/graphql/builder';
import { AuthConfigRef } from '../auth/auth.graphql';
import { saveGoogleAuthorization } from './google-authorization.service';

builder.objectField(AuthConfigRef, 'googleAuthorizationEnabled', (t) =>
  t.boolean({
    description: 'Whether users can connect a Google account (GOOGLE_CLIENT_ID is set): lists from Google Sheets',
    resolve: (_c, _a, ctx) => Boolean(ctx.platform.config.GOOGLE_CLIENT_ID),
  }),
);

builder.mutationField('updateUserRefreshToken', (t) =>
  t.field({
    type: MessagePayloadRef,
    description:
      "Saves the viewer's own Google refresh token (stored encrypted, never readable through the API); null " +
      'disconnects the Google account. The usual way to connect is GET /auth/google/start.',
    args: { refreshToken: t.arg.string() },
    resolve: async (_r, { refreshToken }, ctx) => {
      if (!ctx.viewer) throw new UnauthenticatedError();
      const token = refreshToken?.trim();
      // A token given directly comes with no id_token: which Google account it belongs to is not known.
      await saveGoogleAuthorization(
        ctx.platform,
        ctx.viewer.userId,
        token ? { refreshToken: token, email: null } : null,
      );
      return {
        success: true,
        message: token ? messages.googleAuthorizationSaved : messages.googleAuthorizationRemoved,
        errors: [],
      };
    },
  }),
);
