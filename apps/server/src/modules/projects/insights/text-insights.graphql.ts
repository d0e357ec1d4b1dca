import { builder } from '../../../platform/graphql/builder';
import { parseId } from '../../../platform/graphql/resource-schema';
import { projectTextInsights, type TextInsight } from './text-insights.service';

const TextInsightRef = builder.objectRef<TextInsight>('TextInsight').implement({
  description: 'Texts one provider sent for a project in one minute (spec §3 Text insight)',
  fields: (t) => ({
    provider: t.exposeString('provider'),
    time: t.expose('time', { type: 'DateTime', description: "The minute's start" }),
    sentByMinute: t.exposeInt('sentByMinute'),
    averagePerSecond: t.exposeFloat('averagePerSecond'),
  }),
});

builder.queryFields((t) => ({
  projectTextInsights: t.field({
    type: [TextInsightRef],
    nullable: true,
    description:
      "A project's sent texts per provider and minute, oldest first; null when there is no such project the viewer may see",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.tenant((tx, viewer) => projectTextInsights(tx, viewer, parseId(args.projectId))),
  }),
}));
