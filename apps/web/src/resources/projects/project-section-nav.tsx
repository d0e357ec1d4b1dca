import { SegmentedControl } from '@mantine/core';
import { project } from '@canvass/domain';
import { useNavigate } from 'react-router';

/** Spec §2: a project's edit sections, one route each (/projects/{id}/edit/{section}); this moves between them. */
export function ProjectSectionNav({ projectId, current }: { projectId: string; current: string }) {
  const navigate = useNavigate();
  return (
    <SegmentedControl
      aria-label="Edit section"
      data={project.sections.map((s) => ({ value: s.path, label: s.title }))}
      value={current}
      onChange={(section) => void navigate(`/projects/${projectId}/edit/${section}`)}
      fullWidth
    />
  );
}
