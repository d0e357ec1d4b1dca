import { optOutMessages } from '@canvass/domain';
import { assertCan } from '../../platform/auth/viewer';
import { builder, FieldErrorRef, toFieldErrors } from '../../platform/graphql/builder';
import { extendRecord } from '../../platform/graphql/record-extensions';
import { parseId } from '../../platform/graphql/resource-schema';
import { originOf } from '../opt-outs/opt-outs.graphql';
import { textsService } from './texts.service';
import { setTextOptOut, type TextOptOutResult } from './text-opt-out';

/** What texts add to the generic Text type and API: the opt-out toggle on a text (spec §4). */
extendRecord('text', (textRef) => {
  const payload = builder.objectRef<TextOptOutResult>('TextOptOutResult').implement({
    fields: (t) => ({
      text: t.field({ type: textRef, nullable: true, resolve: (p) => p.row }),
      errors: t.field({ type: [FieldErrorRef], resolve: (p) => toFieldErrors(p.errors) }),
      message: t.exposeString('message', { nullable: true }),
    }),
  });

  builder.mutationFields((t) => ({
    setTextOptOut: t.field({
      type: payload,
      description: `The opt-out toggle on a text: on opts its recipient (the sender of a received text) out of the text's client, '${optOutMessages.created}'; off removes that opt-out, '${optOutMessages.deleted}'`,
      args: { id: t.arg.id({ required: true }), optOut: t.arg.boolean({ required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, args.optOut ? 'Create' : 'Delete', 'OptOut');
        const id = parseId(args.id);
        return ctx.tenant((tx, viewer) =>
          setTextOptOut(
            tx,
            viewer,
            (textId) => textsService.get(tx, viewer, textId),
            id,
            args.optOut,
            originOf(ctx, viewer.userId),
          ),
        );
      },
    }),
  }));
});
