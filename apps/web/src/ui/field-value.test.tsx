import { MantineProvider } from '@mantine/core';
import { project } from '@canvass/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FieldValue } from './field-value';

const media = { id: '12', mediaUrl: '/api/media/77.jpg', mediaFilename: 'rally.jpg' };

describe('FieldValue', () => {
  it("shows a stored file as a link named by the file's name, never its path", () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <FieldValue name="mediaUrl" field={project.fields.mediaUrl} record={media} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'rally.jpg' });
    expect(link.getAttribute('href')).toBe('/api/media/77.jpg');
    expect(screen.queryByText('/api/media/77.jpg')).toBeNull();
  });
});
