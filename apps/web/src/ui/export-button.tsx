import { Button } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useClient } from 'urql';
import { runCsvExport } from './csv-export';
import type { ListVariables } from './use-resource-list';

interface Props {
  def: ResourceDef;
  variables: ListVariables;
}

/** 'Export': the list as currently filtered and sorted, as CSV. Busy while the file is being generated. */
export function ExportButton({ def, variables }: Props) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await runCsvExport(client, def.plural, variables);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void start()}>
      Export
    </Button>
  );
}
