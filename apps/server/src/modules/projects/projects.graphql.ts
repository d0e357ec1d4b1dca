import {
  allowedActions,
  CHANGE_PROJECT_STATUS,
  isConfirmedAction,
  PAUSE_PROJECT,
  availableTransitions,
  canPauseOrResume,
  ProjectAction,
  ProjectStatus,
  statusOptionsFor,
  type ProjectActionValue,
  type ProjectStatusValue,
} from '@canvass/domain';
import { assertCan } from '../../platform/auth/viewer';
import { BackgroundTaskRef } from '../../platform/graphql/background-tasks';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from '../../platform/graphql/builder';
import { enumRef } from '../../platform/graphql/enums';
import { extendRecord } from '../../platform/graphql/record-extensions';
import { parseId } from '../../platform/graphql/resource-schema';
import { findRecordTask } from '../../platform/jobs/background-tasks';
import type { Row } from '../../platform/resources/resource-service';
import { countActionTexts } from './action-texts';
import { viewerMayRun } from './lifecycle-permission';
import './load/project-load-tasks';
import {
  changeProjectStatus,
  loadSendProject,
  sendProjectTexts,
  setProjectPaused,
  viewerIsStaffAccount,
  type ActionResult,
} from './project-actions';
import { projectsService } from './projects.service';

interface ActionPayload {
  project: Row | null;
  errors: FieldErrorShape[];
  message: string | null;
}

/**
 * What the projects module adds to the generic Project: what the viewer may do with it now (read from the domain's
 * lifecycle, so the web shows what the server allows) and the lifecycle mutations of spec §4/§7.
 */
extendRecord('project', (projectRef) => {
  builder.objectFields(projectRef, (t) => ({
    availableActions: t.field({
      type: [enumRef(ProjectAction)],
      description:
        'The loadSendProject options the project allows in its status (spec §4) and the restrictions let this viewer run, in the enum order',
      resolve: (p, _a, ctx) =>
        allowedActions(p.projectStatus as ProjectStatusValue).filter((a) => viewerMayRun(ctx.viewer, a)),
    }),
    actionTexts: t.int({
      nullable: true,
      description:
        'How many texts the action would send, resend or remove now, which its confirmation names (SendTexts, ResendTexts, UnloadProject, CancelProject; null for the others)',
      args: { action: t.arg({ type: enumRef(ProjectAction), required: true }) },
      resolve: (p, args, ctx) => {
        const action = args.action as ProjectActionValue;
        if (!isConfirmedAction(action)) return null;
        return ctx.tenant((tx, viewer) => countActionTexts(tx, viewer.organizationId, Number(p.id), action));
      },
    }),
    availableTransitions: t.field({
      type: [enumRef(ProjectStatus)],
      description: 'The statuses changeProjectStatus may move the project to for this viewer (Live: the staff account)',
      resolve: async (p, _a, ctx) => {
        if (!viewerMayRun(ctx.viewer, CHANGE_PROJECT_STATUS)) return [];
        const staff = ctx.viewer ? await viewerIsStaffAccount(ctx.platform, ctx.viewer) : false;
        return availableTransitions(p.projectStatus as ProjectStatusValue, staff).map((tr) => tr.to);
      },
    }),
    statusOptions: t.field({
      type: [enumRef(ProjectStatus)],
      description: "The statuses the status dropdown offers this viewer (none outside the Setup group; a client's own)",
      resolve: (p, _a, ctx) =>
        ctx.viewer ? statusOptionsFor(ctx.viewer.role, p.projectStatus as ProjectStatusValue) : [],
    }),
    loadTask: t.field({
      type: BackgroundTaskRef,
      nullable: true,
      description: 'The background task of the latest load or unload: its progress while the project loads',
      resolve: (p, _a, ctx) =>
        p.loadTaskId == null
          ? null
          : ctx.tenant((tx, viewer) => findRecordTask(tx, Number(p.loadTaskId), viewer.organizationId)),
    }),
    canPauseOrResume: t.boolean({
      description: 'Pause (or Resume, when paused) is offered: a Sending Blast project, to a viewer who may pause it',
      resolve: (p, _a, ctx) =>
        viewerMayRun(ctx.viewer, PAUSE_PROJECT) &&
        canPauseOrResume({
          projectStatus: p.projectStatus as ProjectStatusValue,
          deliveryType: String(p.deliveryType),
        }),
    }),
  }));

  const payloadRef = builder.objectRef<ActionPayload>('ProjectActionPayload').implement({
    description: "A lifecycle action's answer: the message to show, or the errors by field ('Project Status Error')",
    fields: (t) => ({
      project: t.field({ type: projectRef, nullable: true, resolve: (p) => p.project }),
      errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      message: t.exposeString('message', { nullable: true }),
    }),
  });

  builder.mutationField('loadSendProject', (t) =>
    t.field({
      type: payloadRef,
      description: `A lifecycle action on a project (spec §7), allowed only where spec §4 allows it: TestText (phoneIds
and/or toNumbers typed by staff, body rendered per recipient, fromPhoneId), LoadProject, ResendTexts, CancelProject,
ReinstateProject, UnloadProject, SendTexts`,
      args: {
        projectId: t.arg.id({ required: true }),
        option: t.arg({ type: enumRef(ProjectAction), required: true }),
        phoneIds: t.arg.idList(),
        toNumbers: t.arg.stringList({ description: 'Test text: numbers typed by staff (their own), 10 digits' }),
        body: t.arg.string(),
        fromPhoneId: t.arg.id(),
      },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Update', 'Project');
        const projectId = parseId(args.projectId);
        return ctx.tenant(async (tx, viewer) =>
          answer(
            await loadSendProject(tx, viewer, {
              projectId,
              option: args.option as ProjectActionValue,
              phoneIds: args.phoneIds?.map((id) => parseId(id)) ?? null,
              toNumbers: args.toNumbers ?? null,
              body: args.body ?? null,
              fromPhoneId: args.fromPhoneId == null ? null : parseId(args.fromPhoneId),
            }),
            (id) => projectsService.get(tx, viewer, id),
          ),
        );
      },
    }),
  );

  builder.mutationField('changeProjectStatus', (t) =>
    t.field({
      type: payloadRef,
      description:
        'A manual status change of spec §4: Submitted → Approved, Approved → Assigned, Ready or Queued → Live (the staff account only)',
      args: {
        projectId: t.arg.id({ required: true }),
        projectStatus: t.arg({ type: enumRef(ProjectStatus), required: true }),
      },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Update', 'Project');
        const projectId = parseId(args.projectId);
        return ctx.tenant(async (tx, viewer) =>
          answer(
            await changeProjectStatus(tx, ctx.platform, viewer, projectId, args.projectStatus as ProjectStatusValue),
            (id) => projectsService.get(tx, viewer, id),
          ),
        );
      },
    }),
  );

  builder.mutationField('sendText', (t) =>
    t.field({
      type: payloadRef,
      description:
        "Spec §7 sendText: up to 100 Ready texts of a project sent now, with message as their body when given ('Error, text not sent' otherwise)",
      args: {
        projectId: t.arg.id({ required: true }),
        textIds: t.arg.idList({ required: true }),
        message: t.arg.string(),
      },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Update', 'Text');
        const projectId = parseId(args.projectId);
        return ctx.tenant(async (tx, viewer) =>
          answer(
            await sendProjectTexts(tx, viewer, {
              projectId,
              textIds: args.textIds.map((id) => parseId(id)),
              message: args.message ?? null,
            }),
            (id) => projectsService.get(tx, viewer, id),
          ),
        );
      },
    }),
  );

  builder.mutationField('setProjectPaused', (t) =>
    t.field({
      type: payloadRef,
      description: 'Pause (isPaused: true) or Resume a Sending Blast project (spec §4)',
      args: { projectId: t.arg.id({ required: true }), isPaused: t.arg.boolean({ required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Update', 'Project');
        const projectId = parseId(args.projectId);
        return ctx.tenant(async (tx, viewer) =>
          answer(await setProjectPaused(tx, viewer, projectId, args.isPaused), (id) =>
            projectsService.get(tx, viewer, id),
          ),
        );
      },
    }),
  );
});

async function answer(result: ActionResult, reread: (id: number) => Promise<Row | null>): Promise<ActionPayload> {
  return { project: await reread(result.projectId), errors: toFieldErrors(result.errors), message: result.message };
}
