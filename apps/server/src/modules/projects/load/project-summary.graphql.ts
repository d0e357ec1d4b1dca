import { ListSummaryOption, SENDER_FAILURE_WARNING } from '@canvass/domain';
import { builder } from '../../../platform/graphql/builder';
import { enumRef } from '../../../platform/graphql/enums';
import { parseId } from '../../../platform/graphql/resource-schema';
import {
  excludedPhones,
  type CountBy,
  type ExcludedPhone,
  type ExcludedPhonePage,
  type ExcludedTab,
  type ProjectSummary,
} from './project-summary.service';
import type { ProjectSender } from './sender-health';
import { followProjectSummary, readProjectSummary } from './follow-project-summary';
import { listImportSummary, type ListImportSummary } from './list-import-summary.service';

const CountRef = builder.objectRef<CountBy<string>>('ProjectSummaryCount').implement({
  description: 'A count of one kind: a status, a provider, an area code or a reason rows were left out',
  fields: (t) => ({
    key: t.exposeString('key'),
    count: t.exposeInt('count'),
  }),
});

const AreaCodesRef = builder.objectRef<ProjectSummary['areaCodes']>('ProjectAreaCodeUsage').implement({
  description: "The project's recipients by area code: the five most used, and the total over every area code",
  fields: (t) => ({
    top: t.field({ type: [CountRef], resolve: (a) => a.top }),
    total: t.exposeInt('total'),
    areaCodesCount: t.exposeInt('areaCodesCount', { description: 'How many area codes in all' }),
  }),
});

const InsightRef = builder.objectRef<ProjectSummary['insights'][number]>('ProjectTextInsight').implement({
  description: "The project's texts of one status on one day (UTC, the day the text was made)",
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD' }),
    textStatus: t.exposeString('textStatus'),
    count: t.exposeInt('count'),
  }),
});

const SenderRef = builder.objectRef<ProjectSender>('ProjectSender').implement({
  description: 'One sender number of a project and how its texts fared: a warning before the carrier blocks it',
  fields: (t) => ({
    phoneId: t.id({ resolve: (s) => s.phoneId }),
    number: t.exposeString('number'),
    provider: t.exposeString('provider', { nullable: true }),
    sent: t.exposeInt('sent', { description: 'Texts handed to the provider: in flight, delivered or failed' }),
    delivered: t.exposeInt('delivered'),
    failed: t.exposeInt('failed', { description: 'Reported by the carrier as Undelivered, Failed, Spam or Rejected' }),
    deliveryRate: t.exposeFloat('deliveryRate', {
      nullable: true,
      description: 'Delivered of the finished (delivered or failed), 0 to 1; null while none has finished',
    }),
    highFailureRate: t.exposeBoolean('highFailureRate', {
      description: `At least ${SENDER_FAILURE_WARNING.failureRate * 100}% of at least ${SENDER_FAILURE_WARNING.minFinished} finished texts failed: the carrier may block the number`,
    }),
  }),
});

const ListSummaryRef = builder
  .objectRef<Pick<ProjectSummary, 'duplicatePhones' | 'invalidPhones' | 'optOutPhones'>>('ProjectListSummary')
  .implement({
    fields: (t) => ({
      duplicates: t.int({ resolve: (s) => s.duplicatePhones }),
      invalids: t.int({ resolve: (s) => s.invalidPhones }),
      optOuts: t.int({ resolve: (s) => s.optOutPhones }),
    }),
  });

const SummaryRef = builder.objectRef<ProjectSummary>('ProjectSummary').implement({
  description: 'Spec §7 project summaries, from the counts the load and sending keep (never a count of the texts)',
  fields: (t) => ({
    projectId: t.id({ resolve: (s) => s.projectId }),
    version: t.exposeString('version', {
      description:
        'The database snapshot the summary was read in: of two summaries (answered or pushed), the one whose version compares higher (compareSummaryVersions) saw more; a screen never replaces one with a lower',
    }),
    loadedAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.loadedAt }),
    loadErrorMessage: t.exposeString('loadErrorMessage', {
      nullable: true,
      description: 'Why the latest load failed (the project is then ErrorLoading)',
    }),
    pauseReason: t.exposeString('pauseReason', {
      nullable: true,
      description:
        'Why sending paused by itself (carriers blocked every sender); null while it runs or a user paused it',
    }),
    providerTrouble: t.exposeString('providerTrouble', {
      nullable: true,
      description:
        "Why the provider is not taking the project's texts right now (they wait and retry until it does or the project ends); null when it is",
    }),
    projectStatus: t.exposeString('projectStatus', {
      description: "The project's status when the summary was read (a live overview follows it to Complete)",
    }),
    rowsCount: t.exposeInt('rowsCount', { description: 'Rows of the list at the latest load' }),
    totalTexts: t.exposeInt('totalTexts', {
      description:
        'The texts the project sends, one per recipient the load made, whatever their status (replies are not)',
    }),
    receivedTexts: t.exposeInt('receivedTexts', { description: "The replies the project's recipients sent" }),
    duplicatePhones: t.exposeInt('duplicatePhones'),
    invalidPhones: t.exposeInt('invalidPhones'),
    optOutPhones: t.exposeInt('optOutPhones', {
      description: "Opted out of the organization or of the project's client",
    }),
    excluded: t.field({
      type: [CountRef],
      description:
        'Rows left out by reason: Duplicate, Invalid, DoNotContact, OrganizationOptOut, ClientOptOut, Landline, Carrier, State',
      resolve: (s) => s.excluded,
    }),
    listSummary: t.field({ type: ListSummaryRef, resolve: (s) => s }),
    textStatus: t.field({
      type: [CountRef],
      description: 'General text status: texts by status',
      resolve: (s) => s.textStatus,
    }),
    textsPerProvider: t.field({
      type: [CountRef],
      description:
        "The texts the project sends by provider (a text not yet sent counts for its sender's provider); they add up to totalTexts",
      resolve: (s) => s.textsPerProvider,
    }),
    areaCodes: t.field({ type: AreaCodesRef, resolve: (s) => s.areaCodes }),
    insights: t.field({
      type: [InsightRef],
      description: 'Text insights: texts by day and status',
      resolve: (s) => s.insights,
    }),
    senders: t.field({
      type: [SenderRef],
      description: "Each sender number's delivery in this project, busiest first",
      resolve: (s) => s.senders,
    }),
  }),
});

const ListImportSummaryRef = builder.objectRef<ListImportSummary>('ProjectListImportSummary').implement({
  description:
    "What loading a list into a project would make of it now (the stepper's List Import summary): the load's own rule, with the opt-outs of the project's client and the filters in force",
  fields: (t) => ({
    rowsCount: t.exposeInt('rowsCount', { description: 'Rows of the list' }),
    texts: t.exposeInt('texts', { description: 'The texts the load would make: the rows no reason leaves out' }),
    duplicates: t.exposeInt('duplicates'),
    invalids: t.exposeInt('invalids'),
    optOuts: t.exposeInt('optOuts', { description: "Opted out of the organization or of the project's client" }),
    excluded: t.field({
      type: [CountRef],
      description: 'Rows that would be left out, by reason, in the order the reasons are tried',
      resolve: (s) => s.excluded,
    }),
  }),
});

const ExcludedPhoneRef = builder.objectRef<ExcludedPhone>('ProjectExcludedPhone').implement({
  fields: (t) => ({
    rowId: t.id({ resolve: (p) => p.rowId }),
    position: t.exposeInt('position', { description: 'The line of the sheet' }),
    reason: t.exposeString('reason'),
    number: t.exposeString('number', { nullable: true, description: 'The cleaned number, or as the sheet had it' }),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
  }),
});

const ExcludedPageRef = builder.objectRef<ExcludedPhonePage>('ProjectExcludedPhonePage').implement({
  fields: (t) => ({
    nodes: t.field({ type: [ExcludedPhoneRef], resolve: (p) => p.nodes }),
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as after for the next page' }),
  }),
});

builder.queryFields((t) => ({
  projectSummary: t.field({
    type: SummaryRef,
    nullable: true,
    description: "A project's summaries (spec §7); null when there is no such project the viewer may see",
    args: { projectId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => readProjectSummary(ctx, parseId(args.projectId)),
  }),
  projectListImportSummary: t.field({
    type: ListImportSummaryRef,
    nullable: true,
    description:
      'What loading the list into the project would leave out and make now; null when there is no such project or list the viewer may see',
    args: { projectId: t.arg.id({ required: true }), listId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) =>
      ctx.tenant((tx, viewer) => listImportSummary(tx, viewer, parseId(args.projectId), parseId(args.listId))),
  }),
  projectExcludedPhones: t.field({
    type: ExcludedPageRef,
    nullable: true,
    description:
      "A page of the project's duplicate_phones (duplicates), invalid_phones (invalids) or opt_out_phones (optOuts) tab, in sheet order per reason; null when there is no such project the viewer may see",
    args: {
      projectId: t.arg.id({ required: true }),
      tab: t.arg({ type: enumRef(ListSummaryOption), required: true }),
      first: t.arg.int({ description: '50 unless given, at most 250' }),
      after: t.arg.string(),
    },
    resolve: (_r, args, ctx) =>
      ctx.tenant((tx, viewer) =>
        excludedPhones(tx, viewer, parseId(args.projectId), args.tab as ExcludedTab, {
          first: args.first,
          after: args.after,
        }),
      ),
  }),
}));

builder.subscriptionField('projectSendingProgress', (t) =>
  t.field({
    type: SummaryRef,
    nullable: true,
    description:
      "A project's summary as projectSummary gives it, then again each time its sending moves texts (at most four times a second)",
    args: { projectId: t.arg.id({ required: true }) },
    subscribe: (_r, args, ctx) => followProjectSummary(ctx, parseId(args.projectId)),
    resolve: (summary) => summary,
  }),
);
