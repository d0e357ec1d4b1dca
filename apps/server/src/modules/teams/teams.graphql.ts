import { GraphQLError } from 'graphql';
import { assertCan } from '../../platform/auth/viewer';
import type { Context } from '../../platform/graphql/context';
import { builder, FieldErrorRef, toFieldErrors } from '../../platform/graphql/builder';
import { parseId } from '../../platform/graphql/resource-schema';
import {
  addTeamMember,
  listTeamMembers,
  removeTeamMember,
  searchTeamCandidates,
  setTeamLead,
  type MemberChange,
  type Outcome,
  type TeamCandidate,
  type TeamMember,
} from './team-members.service';

// A team's members and leads (its users tab): reading needs View on Team, changing them Update on Team.

const TeamMemberRef = builder.objectRef<TeamMember>('TeamMember').implement({
  description: 'A member of a team; isLead marks its team leads',
  fields: (t) => ({
    id: t.id({ resolve: (m) => m.id }),
    userId: t.id({ resolve: (m) => m.userId }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    isLead: t.exposeBoolean('isLead'),
    createdAt: t.field({ type: 'DateTime', resolve: (m) => m.createdAt }),
  }),
});

const TeamCandidateRef = builder.objectRef<TeamCandidate>('TeamCandidate').implement({
  description: 'A user of the organization who is not yet a member of the team',
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.id }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
});

const TeamMemberPayloadRef = builder.objectRef<Outcome>('TeamMemberPayload').implement({
  fields: (t) => ({
    member: t.field({ type: TeamMemberRef, nullable: true, resolve: (p) => p.member }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => toFieldErrors(p.errors) }),
    message: t.string({
      nullable: true,
      resolve: (p) => (Object.keys(p.errors).length === 0 ? 'All changes saved' : null),
    }),
  }),
});

const notFound = () => new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } });

builder.queryFields((t) => ({
  teamMembers: t.field({
    type: [TeamMemberRef],
    description: "A team's members, leads first",
    args: { teamId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      assertCan(ctx.viewer, 'View', 'Team');
      const members = await ctx.tenant((tx, viewer) => listTeamMembers(tx, viewer, parseId(args.teamId)));
      if (!members) throw notFound();
      return members;
    },
  }),
  teamMemberCandidates: t.field({
    type: [TeamCandidateRef],
    description: 'Up to 5 users of the organization, by name or email, not yet in the team (spec §9)',
    args: { teamId: t.arg.id({ required: true }), search: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      assertCan(ctx.viewer, 'Update', 'Team');
      const found = await ctx.tenant((tx, viewer) =>
        searchTeamCandidates(tx, viewer, parseId(args.teamId), args.search),
      );
      if (!found) throw notFound();
      return found;
    },
  }),
}));

/** One change of a team's membership: Update on Team, then the change on the viewer's organization. */
const change =
  (run: MemberChange) =>
  (_r: unknown, args: { teamId: string; userId: string; isLead?: boolean | null }, ctx: Context) => {
    assertCan(ctx.viewer, 'Update', 'Team');
    const [teamId, userId] = [parseId(args.teamId), parseId(args.userId)];
    return ctx.tenant((tx, viewer) => run(tx, viewer, teamId, userId, args.isLead === true));
  };

builder.mutationFields((t) => ({
  addTeamMember: t.field({
    type: TeamMemberPayloadRef,
    args: { teamId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: change((tx, viewer, teamId, userId) => addTeamMember(tx, viewer, teamId, userId)),
  }),
  removeTeamMember: t.field({
    type: TeamMemberPayloadRef,
    args: { teamId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: change((tx, viewer, teamId, userId) => removeTeamMember(tx, viewer, teamId, userId)),
  }),
  setTeamLead: t.field({
    type: TeamMemberPayloadRef,
    description: 'Marks (isLead true) or unmarks a member as a lead of the team',
    args: {
      teamId: t.arg.id({ required: true }),
      userId: t.arg.id({ required: true }),
      isLead: t.arg.boolean({ required: true }),
    },
    resolve: change(setTeamLead),
  }),
}));
