import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import type { StepperTimeZonesQuery, StepperTimeZonesQueryVariables } from '../../../gql/graphql';
import { StepperTimeZones } from './stepper-operations';
import type { StepProps } from './step-props';

/**
 * Sending Schedule: a send date with start and end times, read in the chosen time zone (the save turns them into
 * startAt and endAt). Without a zone a time means nothing, so the time fields wait for one.
 */
export function ScheduleStep({ values, change, errors }: StepProps) {
  const [zones] = useQuery<StepperTimeZonesQuery, StepperTimeZonesQueryVariables>({ query: StepperTimeZones.source });
  const data = (zones.data?.timeZones ?? []).map((z) => ({ value: z.name, label: z.label }));
  if (values.timeZone && !data.some((d) => d.value === values.timeZone))
    data.unshift({ value: values.timeZone, label: values.timeZone });
  const noZone = !values.timeZone;
  return (
    <Stack>
      <Select
        label="Time zone"
        searchable
        data={data}
        value={values.timeZone}
        onChange={(timeZone) => change({ timeZone })}
        error={errors.timeZone}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Send date"
          type="date"
          value={values.sendDate}
          onChange={(e) => change({ sendDate: e.currentTarget.value })}
          disabled={noZone}
          error={errors.startAt}
        />
        <TextInput
          label="Start time"
          type="time"
          value={values.startTime}
          onChange={(e) => change({ startTime: e.currentTarget.value })}
          disabled={noZone}
        />
        <TextInput
          label="End time"
          type="time"
          value={values.endTime}
          onChange={(e) => change({ endTime: e.currentTarget.value })}
          disabled={noZone}
          error={errors.endAt}
        />
      </SimpleGrid>
    </Stack>
  );
}
