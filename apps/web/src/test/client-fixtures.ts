/**
 * The client record and its one-page list that the web tests serve from their fake API; a test overrides only
 * what it is about ({ ...acmeClient, email: 'hq@acme.org' }).
 */
export const acmeClient = {
  __typename: 'Client',
  id: '5',
  name: 'Acme',
  clientType: 'Agency',
  clientStatus: 'Active',
  agencyId: null,
  agency: null,
  email: null as string | null,
  website: null as string | null,
  phone: null as string | null,
  state: 'NY',
  note: null,
  slug: null as string | null,
  slogan: null,
  color: null,
  optOutMessage: null,
  phones: [] as { __typename: 'ClientPhoneNumber'; id: string; number: string; description: string | null }[],
  clientsCount: 0,
  projectsCount: 0,
  createdAt: '2025-03-04T15:06:00.000Z',
  isFavorite: false,
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true },
};

/** A clients list answer holding just these rows. */
export function clientsPage(nodes: unknown[]) {
  return {
    data: {
      clients: {
        __typename: 'ClientConnection',
        totalCount: nodes.length,
        pageInfo: {
          __typename: 'PageInfo',
          hasNextPage: false,
          hasPreviousPage: false,
          startCursor: 'a',
          endCursor: 'z',
        },
        nodes,
      },
    },
  };
}
