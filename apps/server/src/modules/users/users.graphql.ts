import { messages, UserOperation } from '@canvass/domain';
import { announceAccessChange } from '../../platform/auth/access-changes';
import { assertCan } from '../../platform/auth/viewer';
import { builder, MessagePayloadRef } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { parseId } from '../../platform/graphql/resource-schema';
import { isLockedOut } from '../auth/auth.service';
import { setMembershipLock } from '../auth/members.service';
import { closeAllSessions } from '../auth/sessions.service';
import { removeUser } from './remove-user';
import { usersService } from './users.service';

// users, user, newUser, createUser (add by email, inviting an unknown one), updateUser and destroyUser (remove from
// the organization) are the generic machinery's, over the users service (modules/services.ts); here the rest.
builder.mutationFields((t) => ({
  updateUserStatus: t.field({
    type: MessagePayloadRef,
    description:
      'Spec §7: Lock (the user cannot sign in and its sessions end at once), Unlock, or Delete (removed from this organization)',
    args: { userId: t.arg.id({ required: true }), operation: t.arg({ type: enumRef(UserOperation), required: true }) },
    resolve: async (_r, args, ctx) => {
      assertCan(ctx.viewer, args.operation === 'Delete' ? 'Delete' : 'Update', 'User');
      const userId = parseId(args.userId);
      const refusal = await ctx.tenant(async (tx, viewer) => {
        if (args.operation === 'Delete') return (await removeUser(tx, viewer, userId)).errors.base?.[0] ?? null;
        // Only a user the viewer may see (its organization, its policy) can be locked; never itself.
        if (!(await usersService.get(tx, viewer, userId))) return messages.notFound;
        if (userId === viewer.userId) return messages.cannotChangeYourself;
        await setMembershipLock(tx, viewer.organizationId, userId, args.operation === 'Lock');
        return null;
      });
      if (refusal) return { success: false, message: refusal, errors: [] };
      // Its access tokens for this organization already fail (resolveViewer); when no organization is left to it,
      // its sessions end too, so no refresh keeps a browser signed in.
      if (args.operation === 'Lock' && (await isLockedOut(ctx.platform, userId)))
        await closeAllSessions(ctx.platform, userId);
      // Locked here only, or removed: now that it has committed, its live subscriptions re-check and close.
      else if (args.operation !== 'Unlock') await announceAccessChange(ctx.platform, userId);
      return { success: true, message: messages.userStatusChanged, errors: [] };
    },
  }),
}));
