import { client } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { documentsFor } from '../../../ui/documents';
import type { StepperTextDefaultsQuery, StepperTextDefaultsQueryVariables } from '../../../gql/graphql';
import { useApplicablePrices, type PricedTarget } from '../../prices/applicable-prices';
import { MessageEditor, useMessageLinks } from '../message-editor';
import { costInputOf, placeholderContextOf } from './message-estimate';
import { StepperTextDefaults } from './stepper-operations';
import type { StepProps } from './step-props';
import { useListSample } from './use-list-sample';
import type { StepperListView } from './use-stepper-list';

interface StepperMessageProps extends StepProps {
  list: StepperListView | null;
  projectId: string | null;
}

/**
 * The project's message in h-message's editor: placeholders from the chosen list's headers, the text defaults and
 * the organization's shortened links, the compliance warnings for the chosen client, and the estimated cost at the
 * price that applies to the project (its client's before it is saved).
 */
export function StepperMessage(props: StepperMessageProps) {
  const { values, projectId } = props;
  const target = useMemo<PricedTarget | null>(
    () => (projectId ? { projectId } : values.clientId ? { clientId: values.clientId } : null),
    [projectId, values.clientId],
  );
  return target ? <PricedMessage {...props} target={target} /> : <Editor {...props} prices={null} />;
}

function PricedMessage(props: StepperMessageProps & { target: PricedTarget }) {
  const { prices } = useApplicablePrices(props.target);
  return <Editor {...props} prices={prices} />;
}

function Editor({
  values,
  change,
  errors,
  list,
  prices,
}: StepperMessageProps & { prices: Parameters<typeof costInputOf>[1] }) {
  const [defaults] = useQuery<StepperTextDefaultsQuery, StepperTextDefaultsQueryVariables>({
    query: StepperTextDefaults.source,
  });
  // The same lookup the Client select makes for its label: answered from the cache.
  const [chosen] = useQuery<Record<string, { id: string; name: string } | null>>({
    query: documentsFor(client).reference,
    variables: { id: values.clientId ?? '' },
    pause: !values.clientId,
  });
  const links = useMessageLinks();
  const sample = useListSample(values.listId);
  const context = useMemo(
    () => placeholderContextOf(list, defaults.data?.textDefaults.nodes ?? [], links),
    [list, defaults.data, links],
  );
  const cost = costInputOf(list, prices, {
    pricingType: values.pricingType,
    campaignType: values.campaignType,
    hasMedia: false,
  });
  return (
    <MessageEditor
      value={values.message}
      onChange={(message) => change({ message })}
      context={context}
      cost={cost}
      clientName={values.clientId ? (chosen.data?.client?.name ?? null) : null}
      error={errors.message}
      sample={sample}
    />
  );
}
