import { ProjectWaitKind, type ProjectWait } from '@canvass/domain';
import { builder } from '../../../platform/graphql/builder';
import { enumRef } from '../../../platform/graphql/enums';
import { extendRecord } from '../../../platform/graphql/record-extensions';
import { projectWaitsOf } from './project-waits.service';

/** Project.waitsFor: why a loaded, sent or live project sends nothing (yet), read by its page and Send Texts. */
extendRecord('project', (projectRef) => {
  const waitRef = builder.objectRef<ProjectWait>('ProjectWait').implement({
    description: 'One thing a project waits for: why, who must act, what to do where, and when it ends by itself',
    fields: (t) => ({
      kind: t.field({ type: enumRef(ProjectWaitKind), resolve: (w) => w.kind }),
      message: t.exposeString('message', { description: 'Why its texts wait, in words a staffer reads' }),
      actor: t.exposeString('actor', { description: 'Who must act' }),
      action: t.exposeString('action', { nullable: true, description: 'What to do and where; null: only wait' }),
      until: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When the wait ends by itself (start time, quiet hours opening, next day); null when it does not',
        resolve: (w) => w.until,
      }),
    }),
  });

  builder.objectFields(projectRef, (t) => ({
    waitsFor: t.field({
      type: [waitRef],
      description: `What the project's texts wait for now, most pressing first (for a loaded project not sent yet:
what they would wait for once sent); empty while it is set up, loading, finished, or sending unhindered`,
      resolve: (p, _a, ctx) => ctx.tenant((tx, viewer) => projectWaitsOf(tx, ctx.platform, viewer.organizationId, p)),
    }),
  }));
});
