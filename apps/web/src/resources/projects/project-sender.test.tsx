import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { can, quietLifecycle } from './project-fixtures.test-utils';

const project = {
  __typename: 'Project',
  id: '12',
  name: 'Spring turnout',
  projectStatus: 'Assigned',
  projectStatusGroup: 'Setup',
  campaignType: 'Registered',
  areaCodeSelection: 'MostCommonAreaCode',
  projectPhones: [
    { __typename: 'ProjectPhoneRow', id: '1', phoneId: '100', isPrimary: 'true' },
    { __typename: 'ProjectPhoneRow', id: '2', phoneId: '101', isPrimary: 'false' },
  ],
  createdAt: '2026-11-01T10:00:00Z',
  isFavorite: false,
  can,
};
const lifecycle = quietLifecycle('Assigned', 'Setup');
const phoneOf = (id: string, number: string, phoneStatus: string) => ({ __typename: 'Phone', id, number, phoneStatus });

describe("a project's Sender section", { timeout: 20_000 }, () => {
  it('shows its numbers as Active or Pending, adds only Active ones, and moves the primary', async () => {
    const { calls } = renderResources('/projects/12/edit/sender', {
      Project: () => ({ data: { project } }),
      ProjectLifecycle: () => ({ data: { project: lifecycle } }),
      ProjectSenderPhones: () => ({
        data: {
          phones: {
            __typename: 'PhoneConnection',
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: false,
              hasPreviousPage: false,
              startCursor: null,
              endCursor: null,
            },
            nodes: [
              phoneOf('100', '2125550100', 'Active'),
              phoneOf('101', '2125550101', 'AwaitingSMSVerify'),
              phoneOf('102', '2125550102', 'Active'),
              phoneOf('103', '2125550103', 'Pending'),
            ],
          },
        },
      }),
      UpdateProject: (variables) => ({
        data: {
          updateProject: {
            __typename: 'ProjectPayload',
            project: { ...project, ...(variables.attributes as object) },
            errors: [],
            message: null,
          },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Sender phones' }, { timeout: 5000 });
    await within(table).findByText('(212)-555-0100');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['(212)-555-0100Active', '(212)-555-0101Pending']);
    // The way between the edit sections sits above the form, where the eye starts, not under its Save.
    const following = screen.getByLabelText('Edit section').compareDocumentPosition(table);
    expect(following & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A Pending number cannot be primary.
    expect(
      (within(table).getByRole('radio', { name: '(212)-555-0101 is the primary phone' }) as HTMLInputElement).disabled,
    ).toBe(true);

    // Only the Active number not yet chosen is offered.
    await userEvent.click(screen.getByRole('combobox', { name: 'Add a phone' }));
    // (The section's other selects keep their options in the page too: only the phone ones are read.)
    const options = (await screen.findAllByRole('option', { hidden: true })).filter((o) =>
      o.textContent?.startsWith('(212)'),
    );
    expect(options.map((o) => o.textContent)).toEqual(['(212)-555-0102']);
    await userEvent.click(options[0]);
    await userEvent.click(await within(table).findByRole('radio', { name: '(212)-555-0102 is the primary phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(calls, 'UpdateProject')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateProject')[0].variables.attributes).toMatchObject({
      projectPhones: [
        { id: '1', phoneId: '100', isPrimary: 'false' },
        { id: '2', phoneId: '101', isPrimary: 'false' },
        { phoneId: '102', isPrimary: 'true' },
      ],
    });
  });
});
