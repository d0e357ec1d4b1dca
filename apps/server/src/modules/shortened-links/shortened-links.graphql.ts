import { assertCan } from '../../platform/auth/viewer';
import { builder } from '../../platform/graphql/builder';
import { messageLinksOf, type MessageLink } from './message-links';

/*
 * The one read of shortened links there is until the links feature (their pages, redirects and clicks): what the
 * message editor offers as `{link:code}` placeholders. Read-only, the viewer's organization only, for whoever may
 * view shortened links.
 */
const MessageLinkRef = builder.objectRef<MessageLink>('MessageLink').implement({
  description: "One of the organization's shortened links as a message names it: {link:code}",
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Its short code, else its generated one' }),
    domain: t.exposeString('domain', {
      nullable: true,
      description: 'The custom domain it is served on; null when it has none (a message cannot use it yet)',
    }),
  }),
});

builder.queryField('messageLinks', (t) =>
  t.field({
    type: [MessageLinkRef],
    description: "The organization's shortened links a project's message may name, oldest first",
    resolve: (_r, _a, ctx) => {
      assertCan(ctx.viewer, 'View', 'ShortenedLink');
      return ctx.tenant((tx, viewer) => messageLinksOf(tx, viewer.organizationId));
    },
  }),
);
