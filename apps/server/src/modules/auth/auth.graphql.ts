import { messages, PermissionOperation, Role } from '@canvass/domain';
import { assertCan, UnauthenticatedError, viewerCan } from '../../platform/auth/viewer';
import type { Restriction } from '@canvass/domain';
import { builder, MessagePayloadRef, toFieldErrors } from '../../platform/graphql/builder';
import type { Context } from '../../platform/graphql/context';
import { enumRef } from '../../platform/graphql/enums';
import { attemptLimiter, type GuardedAction } from './attempt-limits';
import {
  landingOrganization,
  preferredOrganization,
  resetPassword,
  sendResetLink,
  setPasswordFromLink,
  setPreferredOrganization,
  signIn,
  signUp,
  updatePassword,
} from './auth.service';
import { loadCurrentUser, type CurrentUserShape, type OrganizationSummary } from './current-user';
import { isMember } from './members.service';
import { clearRefreshCookie, readRefreshCookie, sessionTimeoutMinutes, setRefreshCookie } from './session-cookie';
import { closeAllSessions, closeSession, openSession, rotateSession } from './sessions.service';

const OrganizationRef = builder.objectRef<OrganizationSummary>('Organization').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    domain: t.exposeString('domain'),
    timeZone: t.exposeString('timeZone'),
  }),
});

const RestrictionRef = builder.objectRef<Restriction>('Restriction').implement({
  fields: (t) => ({
    resource: t.exposeString('resource'),
    operations: t.field({ type: [enumRef(PermissionOperation)], resolve: (r) => r.operations }),
  }),
});

const CurrentUserRef = builder.objectRef<CurrentUserShape>('CurrentUser').implement({
  description: 'The signed-in user, with what it may do (restrictions) so the UI shows only allowed actions',
  fields: (t) => ({
    id: t.id({ resolve: (u) => u.viewer.userId }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    username: t.exposeString('username', { nullable: true }),
    role: t.field({ type: enumRef(Role), resolve: (u) => u.viewer.role }),
    currentRole: t.field({ type: enumRef(Role), resolve: (u) => u.viewer.role }),
    isAdmin: t.boolean({ resolve: (u) => u.viewer.isAdmin }),
    restrictions: t.field({ type: [RestrictionRef], resolve: (u) => u.viewer.restrictions }),
    currentOrganization: t.field({
      type: OrganizationRef,
      resolve: (u) => u.organizations.find((o) => o.id === u.viewer.organizationId) ?? u.organizations[0],
    }),
    organizations: t.field({ type: [OrganizationRef], resolve: (u) => u.organizations }),
    hasRefreshToken: t.exposeBoolean('hasRefreshToken'),
    googleEmailAddress: t.exposeString('googleEmailAddress', { nullable: true }),
    clientId: t.id({ nullable: true, resolve: (u) => u.viewer.clientId }),
    teamId: t.id({ nullable: true, resolve: (u) => u.viewer.teamId }),
    mediaUrl: t.exposeString('mediaUrl', { nullable: true }),
  }),
});

interface AuthPayload {
  accessToken: string | null;
  expiresIn: number | null;
  user: CurrentUserShape | null;
  message: string | null;
}
const AuthPayloadRef = builder.objectRef<AuthPayload>('AuthPayload').implement({
  fields: (t) => ({
    accessToken: t.exposeString('accessToken', { nullable: true }),
    expiresIn: t.exposeInt('expiresIn', { nullable: true }),
    user: t.field({ type: CurrentUserRef, nullable: true, resolve: (p) => p.user }),
    message: t.exposeString('message', { nullable: true }),
  }),
});

const AdminLoginRef = builder.objectRef<{ isAdmin: boolean; url: string | null }>('AdminLogin').implement({
  fields: (t) => ({ isAdmin: t.exposeBoolean('isAdmin'), url: t.exposeString('url', { nullable: true }) }),
});
const AuthConfigRef = builder
  .objectRef<{ oidcEnabled: boolean; oidcLabel: string | null; signUpEnabled: boolean }>('AuthConfig')
  .implement({
    fields: (t) => ({
      oidcEnabled: t.exposeBoolean('oidcEnabled'),
      oidcLabel: t.exposeString('oidcLabel', { nullable: true }),
      signUpEnabled: t.exposeBoolean('signUpEnabled'),
    }),
  });

/** Issues an access token of the session for one organization and describes the user. */
async function authPayload(
  ctx: Context,
  userId: number,
  organizationId: number,
  sessionId: number,
): Promise<AuthPayload> {
  const { platform } = ctx;
  const { resolveViewer } = await import('../../platform/auth/resolve-viewer');
  const viewer = await resolveViewer(platform.database, platform.config.ADMIN_EMAILS, { userId, organizationId });
  if (!viewer) return failed(messages.accountLocked);
  return {
    accessToken: await platform.tokens.signAccess({ userId, organizationId, sessionId }),
    expiresIn: platform.tokens.accessTtlSeconds,
    user: await loadCurrentUser(platform, viewer),
    message: null,
  };
}
const failed = (message: string): AuthPayload => ({ accessToken: null, expiresIn: null, user: null, message });
const ok = (message: string | null = null) => ({ success: true, message, errors: [] });
const withErrors = (errors: Record<string, string[]>, success: string) =>
  Object.keys(errors).length
    ? { success: false, message: Object.values(errors)[0][0], errors: toFieldErrors(errors) }
    : ok(success);

const refused = (message: string) => ({ success: false, message, errors: [] });

/** Counts a sign-up, recovery or reset request; the lockout message when its limit is already spent. */
async function countAttempt(ctx: Context, action: GuardedAction, account: string): Promise<string | null> {
  const limits = attemptLimiter(ctx.platform.database);
  const who = { account, address: ctx.request.ip };
  const locked = await limits.blocked(action, who);
  if (!locked) await limits.count(action, who);
  return locked;
}

function requireViewer(ctx: Context) {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

builder.queryFields((t) => ({
  currentUser: t.field({
    type: CurrentUserRef,
    nullable: true,
    resolve: (_r, _a, ctx) => (ctx.viewer ? loadCurrentUser(ctx.platform, ctx.viewer) : null),
  }),
  customCurrentUser: t.field({
    type: CurrentUserRef,
    nullable: true,
    resolve: (_r, _a, ctx) => (ctx.viewer ? loadCurrentUser(ctx.platform, ctx.viewer) : null),
  }),
  currentOrganization: t.field({
    type: OrganizationRef,
    nullable: true,
    resolve: async (_r, _a, ctx) => {
      if (!ctx.viewer) return null;
      const u = await loadCurrentUser(ctx.platform, ctx.viewer);
      return u?.organizations.find((o) => o.id === ctx.viewer?.organizationId) ?? null;
    },
  }),
  adminUserEmails: t.stringList({
    description: 'The emails of the platform admins; only admins may read them',
    resolve: (_r, _a, ctx) => (requireViewer(ctx).isAdmin ? ctx.platform.config.ADMIN_EMAILS : []),
  }),
  isAdminLogin: t.field({
    type: AdminLoginRef,
    description: 'Whether this email signs in on the separate admin site (ADMIN_LOGIN_URL), and where',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_r, { email }, ctx) => {
      const { ADMIN_EMAILS, ADMIN_LOGIN_URL } = ctx.platform.config;
      const isAdmin = ADMIN_EMAILS.includes(email.trim().toLowerCase());
      return { isAdmin, url: isAdmin && ADMIN_LOGIN_URL ? ADMIN_LOGIN_URL : null };
    },
  }),
  authConfig: t.field({
    type: AuthConfigRef,
    resolve: (_r, _a, ctx) => {
      const c = ctx.platform.config;
      return {
        oidcEnabled: Boolean(c.OIDC_ISSUER && c.OIDC_CLIENT_ID),
        oidcLabel: c.OIDC_LABEL,
        signUpEnabled: c.SIGN_UP_ENABLED,
      };
    },
  }),
}));

builder.mutationFields((t) => {
  // A password link (a reset or an invitation): the link's uuid and token, and the password chosen twice.
  const passwordLinkArgs = {
    uuid: t.arg.string({ required: true }),
    token: t.arg.string({ required: true }),
    password: t.arg.string({ required: true }),
    passwordVerify: t.arg.string({ required: true }),
  };
  return {
    login: t.field({
      type: AuthPayloadRef,
      args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
      resolve: async (_r, { email, password }, ctx) => {
        const who = { account: email, address: ctx.request.ip };
        const limits = attemptLimiter(ctx.platform.database);
        const locked = (await limits.blocked('signIn', who)) ?? (await limits.slowedSignIn(who));
        if (locked) return failed(locked);
        const result = await signIn(ctx.platform, email, password, ctx.request.headers['user-agent']);
        if (!result.ok) {
          if (result.message === messages.invalidCredentials) await limits.count('signIn', who);
          return failed(result.message);
        }
        await limits.clear('signIn', who);
        setRefreshCookie(ctx.reply, ctx.platform.config, result.refreshToken);
        return authPayload(ctx, result.userId, result.organizationId, result.sessionId);
      },
    }),
    refreshSession: t.field({
      type: AuthPayloadRef,
      description: 'Rotates the refresh cookie and returns a new access token, unless the session was idle too long',
      resolve: async (_r, _a, ctx) => {
        const token = readRefreshCookie(ctx.request);
        const rotated = token
          ? await rotateSession(ctx.platform, token, sessionTimeoutMinutes(ctx.request, ctx.platform.config))
          : null;
        if (!rotated) {
          clearRefreshCookie(ctx.reply);
          return failed(messages.sessionExpired);
        }
        // No new token: another tab of this browser rotated it a moment ago, and its cookie is already set.
        if (rotated.refreshToken) setRefreshCookie(ctx.reply, ctx.platform.config, rotated.refreshToken);
        const preferred = await preferredOrganization(ctx.platform, rotated.userId);
        const organizationId = await landingOrganization(ctx.platform, rotated.userId, preferred);
        if (!organizationId) return failed(messages.noOrganization);
        return authPayload(ctx, rotated.userId, organizationId, rotated.sessionId);
      },
    }),
    logout: t.boolean({
      resolve: async (_r, _a, ctx) => {
        // The cookie's session, or (a client that keeps no cookie) the one its access token belongs to.
        const refreshToken = readRefreshCookie(ctx.request);
        if (refreshToken) await closeSession(ctx.platform, { refreshToken });
        else if (ctx.viewer?.sessionId) await closeSession(ctx.platform, { sessionId: ctx.viewer.sessionId });
        clearRefreshCookie(ctx.reply);
        return true;
      },
    }),
    signUp: t.field({
      type: MessagePayloadRef,
      args: {
        name: t.arg.string({ required: true }),
        username: t.arg.string({ required: true }),
        email: t.arg.string({ required: true }),
        password: t.arg.string({ required: true }),
      },
      resolve: async (_r, args, ctx) => {
        if (!ctx.platform.config.SIGN_UP_ENABLED)
          return { success: false, message: messages.notAuthorized, errors: [] };
        const locked = await countAttempt(ctx, 'signUp', args.email);
        if (locked) return refused(locked);
        return withErrors(await signUp(ctx.platform, args), messages.signedUp);
      },
    }),
    sendResetLink: t.field({
      type: MessagePayloadRef,
      args: { email: t.arg.string({ required: true }) },
      resolve: async (_r, { email }, ctx) => {
        const locked = await countAttempt(ctx, 'recovery', email);
        if (locked) return refused(locked);
        await sendResetLink(ctx.platform, email);
        return ok(messages.resetLinkSent);
      },
    }),
    resetPassword: t.field({
      type: MessagePayloadRef,
      args: passwordLinkArgs,
      resolve: async (_r, args, ctx) => {
        const locked = await countAttempt(ctx, 'reset', args.uuid);
        if (locked) return refused(locked);
        return withErrors(await resetPassword(ctx.platform, args), messages.passwordChanged);
      },
    }),
    acceptInvitation: t.field({
      type: AuthPayloadRef,
      description:
        "The link of an invitation: sets the invited person's password and signs it in, into the organization that invited it",
      args: passwordLinkArgs,
      resolve: async (_r, args, ctx) => {
        const locked = await countAttempt(ctx, 'reset', args.uuid);
        if (locked) return failed(locked);
        const result = await setPasswordFromLink(ctx.platform, args);
        if ('errors' in result) {
          const message = Object.values(result.errors)[0][0];
          return failed(message === messages.resetLinkInvalid ? messages.invitationInvalid : message);
        }
        const preferred = await preferredOrganization(ctx.platform, result.userId);
        const organizationId = await landingOrganization(ctx.platform, result.userId, preferred);
        if (!organizationId) return failed(messages.noOrganization);
        const session = await openSession(ctx.platform, result.userId, ctx.request.headers['user-agent']);
        setRefreshCookie(ctx.reply, ctx.platform.config, session.refreshToken);
        return authPayload(ctx, result.userId, organizationId, session.sessionId);
      },
    }),
    updatePassword: t.field({
      type: MessagePayloadRef,
      args: { password: t.arg.string({ required: true }), passwordVerify: t.arg.string({ required: true }) },
      resolve: async (_r, { password, passwordVerify }, ctx) =>
        withErrors(
          await updatePassword(ctx.platform, requireViewer(ctx).userId, password, passwordVerify),
          messages.passwordChanged,
        ),
    }),
    switchOrganization: t.field({
      type: AuthPayloadRef,
      args: { organizationId: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const viewer = requireViewer(ctx);
        const organizationId = Number(args.organizationId);
        const target = await landingOrganization(ctx.platform, viewer.userId, organizationId);
        if (target !== organizationId) return failed(messages.notAuthorized);
        // A token for the other organization, of the same session: signing out still ends it.
        if (!viewer.sessionId) throw new UnauthenticatedError();
        await setPreferredOrganization(ctx.platform, viewer.userId, organizationId);
        return authPayload(ctx, viewer.userId, organizationId, viewer.sessionId);
      },
    }),
    inactivateUserSessions: t.field({
      type: MessagePayloadRef,
      description: 'Signs a user out of every browser: yourself, or (with Update on User) a user of your organization',
      args: { userId: t.arg.id() },
      resolve: async (_r, args, ctx) => {
        const viewer = requireViewer(ctx);
        const userId = args.userId ? Number(args.userId) : viewer.userId;
        if (userId !== viewer.userId) await assertMember(ctx, userId);
        const n = await closeAllSessions(ctx.platform, userId);
        return ok(`${n} session(s) closed`);
      },
    }),
  };
});

/** Changing another user needs Update on User and that user's membership in the viewer's organization. */
async function assertMember(ctx: Context, userId: number): Promise<void> {
  const viewer = assertCan(ctx.viewer, 'Update', 'User');
  if (!viewerCan(viewer, 'Update', 'User')) return;
  const member = await ctx.tenant((tx) => isMember(tx, userId, viewer.organizationId));
  if (!member) throw new (await import('../../platform/auth/viewer')).ForbiddenError();
}

export { AuthConfigRef, OrganizationRef, CurrentUserRef };
