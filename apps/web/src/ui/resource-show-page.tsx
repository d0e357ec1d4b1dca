import { Alert, Loader, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { documentsFor } from './documents';
import { usePageTitle } from './use-page-title';
import { recordTitle } from './format';
import { errorText } from './notify';
import { ResourceAnchor } from './resource-anchor';
import { ResourceForm } from './resource-form';
import { ResourceTabs } from './resource-tabs';
import type { ResourceScreen } from './screen';
import type { ResourceRecord } from './types';

/**
 * /{path}/{id}/{tab} and /{path}/{id}/edit/{section}: loads the record once for the header and the tab.
 * Spec §2: a record that is missing (or not visible to the viewer) sends the user to /dashboard.
 */
export function ResourceShowPage({ screen }: { screen: ResourceScreen }) {
  const { def, tabs } = screen;
  const { id = '', tab, section } = useParams();
  const context = useMemo(() => ({ additionalTypenames: [def.typeName] }), [def]);
  const [result] = useQuery<Record<string, ResourceRecord | null>>({
    query: documentsFor(def).get,
    variables: { id },
    context,
  });
  const basePath = `/${def.path}/${id}`;
  const loaded = result.data?.[def.name];
  usePageTitle(loaded ? recordTitle(def, loaded) : null);

  if (result.error)
    return (
      <Alert color="red" title="Failed">
        {errorText(result.error)}
      </Alert>
    );
  if (!result.data) return <Loader />;
  const record = result.data[def.name];
  if (!record) return <Navigate to="/dashboard" replace />;

  const shownTabs = tabs.filter((t) => !t.visible || t.visible(record));
  let content;
  const ownSection = screen.editSections?.find((s) => s.path === section);
  if (ownSection) content = ownSection.render({ def, record });
  else if (section !== undefined) {
    if (!def.sections.some((s) => s.path === section)) return <Navigate to={`${basePath}/overview`} replace />;
    content = (
      <Stack gap="xl">
        {screen.sectionNav?.(section, record)}
        <ResourceForm def={def} record={record} mode="update" sections={[section]} inputs={screen.inputs} />
        {screen.sectionExtra?.(section, record)}
      </Stack>
    );
  } else {
    const current = shownTabs.find((t) => t.path === tab);
    if (!current) return <Navigate to={`${basePath}/overview`} replace />;
    content = current.render({ def, record });
  }

  return (
    <Stack gap="md" key={record.id}>
      <ResourceAnchor
        def={def}
        record={record}
        deleteIn={screen.deleteIn}
        afterDeletePath={screen.afterDeletePath}
        menuItems={screen.menuItems?.(record)}
        controls={screen.controls?.(record)}
      >
        {screen.header?.(record)}
      </ResourceAnchor>
      <ResourceTabs basePath={basePath} tabs={shownTabs} active={section === undefined ? (tab ?? null) : null}>
        {content}
      </ResourceTabs>
    </Stack>
  );
}
