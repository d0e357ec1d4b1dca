import { Badge } from '@mantine/core';
import { projectStatusDisplay } from '@canvass/domain';
import type { ProjectStatusName } from './project-operations';
import classes from './project-status-badge.module.css';

/**
 * A project's status as spec §4 displays it, from the domain's lifecycle: Setup, Submitted and Assigned read Draft,
 * the load's statuses Loading or Unloading, and Sending pulses. The status itself stays in the title for a hover.
 */
export function ProjectStatusBadge({ status, paused = false }: { status: ProjectStatusName; paused?: boolean }) {
  const display = projectStatusDisplay(status);
  return (
    <Badge
      color={display.colour}
      variant="light"
      size="lg"
      aria-label="Project status"
      title={status}
      data-pulse={display.pulse && !paused ? 'true' : undefined}
      className={display.pulse && !paused ? classes.pulse : undefined}
    >
      {paused ? `${display.label} (paused)` : display.label}
    </Badge>
  );
}
