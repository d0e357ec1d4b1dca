import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { phone } from '@canvass/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useSession } from '../../session/session';
import type { LookUpPhoneCarriersMutation } from '../../gql/graphql';
import { errorText } from '../../ui/notify';
import { ResourceIndex } from '../../ui/resource-index';
import { useBackgroundTask } from '../../ui/use-background-task';
import { LOOK_UP_PHONE_CARRIERS } from './phone-lookup-operations';

/**
 * The Phones index with 'Look up carriers': a number lookup of the organization's recipients that have no line type
 * yet, through its provider that offers lookup (the carrier and line type the Carrier and Landline list filters
 * read). It runs as a background task whose progress shows above the list; without such a provider the server's
 * answer says so and nothing starts.
 */
export function PhonesIndex() {
  const { can } = useSession();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [started, start] = useMutation<LookUpPhoneCarriersMutation>(LOOK_UP_PHONE_CARRIERS);
  const { task, lost } = useBackgroundTask(taskId);
  const running = taskId !== null && task?.status !== 'Done' && task?.status !== 'Failed' && !lost;

  const lookUp = async () => {
    setRefusal(null);
    const res = await start({});
    if (res.error) return setRefusal(errorText(res.error));
    setTaskId(res.data?.lookUpPhoneCarriers.task.id ?? null);
  };

  const known = task?.total != null && task.total > 0;
  const notice = refusal ? (
    <Alert color="yellow" title="Number lookup" onClose={() => setRefusal(null)} withCloseButton>
      {refusal}
    </Alert>
  ) : taskId ? (
    <Alert
      color={task?.status === 'Failed' || lost ? 'red' : task?.status === 'Done' ? 'green' : 'blue'}
      title="Number lookup"
    >
      <Stack gap={4}>
        {running && (
          <Progress
            value={known ? Math.min(100, (100 * task.processed) / task.total!) : 100}
            animated={!known}
            striped={!known}
            aria-label="Lookup progress"
          />
        )}
        <Text size="sm">
          {lost
            ? lost
            : task?.status === 'Failed'
              ? (task.errorMessage ?? 'The lookup failed')
              : task?.status === 'Done'
                ? `Carriers looked up: ${task.processed.toLocaleString()} ${task.processed === 1 ? 'number' : 'numbers'}`
                : known
                  ? `${task.processed.toLocaleString()} of ${task.total!.toLocaleString()} numbers looked up`
                  : 'Looking up carriers…'}
        </Text>
      </Stack>
    </Alert>
  ) : null;

  return (
    <ResourceIndex
      def={phone}
      notice={notice}
      actions={
        can('Update', phone.typeName) && (
          <Button
            variant="default"
            leftSection={<IconSearch size={16} />}
            loading={started.fetching || running}
            onClick={() => void lookUp()}
          >
            Look up carriers
          </Button>
        )
      }
    />
  );
}
