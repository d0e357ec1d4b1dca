/**
 * The order of the server's modules (apps/server/src/modules/*): a module imports only modules listed before it,
 * so every arrow between modules points down. Layers group the list for the reader; within a layer the order
 * still holds. A job contract (`<name>.job.ts`) may be imported from anywhere, since it carries a job's name and
 * payload but no engine: a loop that is real in the domain (a STOP reply triggers a send) goes through one.
 * `canvass/module-order` (eslint/module-order-rule.js) enforces it; a new module must be placed here.
 */
export const moduleLayers = [
  {
    layer: 'foundations',
    modules: {
      tables: "the registry's table of every resource, which every service reads",
      auth: 'sign-in, sessions and members: who the viewer is',
      favorites: 'the starred records of any resource',
      prices: "an organization's message prices",
      organization: 'organization settings (quiet hours, provider configurations and colours); shows prices',
      google: 'Google authorization, on top of auth',
      'shortened-links': "the links a message's URLs become",
      options: "the option lists the web's pickers read",
      restrictions: 'what each role may do',
      queue: "the monitor over graphile-worker's queue",
    },
  },
  {
    layer: 'records',
    modules: {
      brands: 'a plain registry record',
      campaigns: 'a plain registry record',
      collections: 'a plain registry record',
      'list-filters': 'a plain registry record',
      clients: 'a registry record with favorites',
      teams: 'teams and their members',
      users: 'people, memberships and invitations, on top of auth',
      'opt-outs': 'opt-outs and do-not-contact marks; its auto-replies send through the dispatch contract',
      texts: 'the texts sent and received; opting a recipient out from a text',
      lists: "lists, their sheets and rows, and their loads (a Google sheet's through google)",
    },
  },
  {
    layer: 'engines',
    modules: {
      sending: 'providers, dispatch and webhooks: records provider opt-outs and inbound keywords into opt-outs',
      phones: 'phone records, and numbers bought, verified and looked up through the providers of sending',
      'data-imports': 'imports of files into clients, phones, opt-outs and users, through the staging of lists',
      projects: "a project's list load, its sends (start, resend, test texts) through sending, and its insights",
    },
  },
  {
    layer: 'surfaces',
    modules: {
      services: 'the service of every registry resource, for the schema and exports',
      exports: 'CSV exports of any resource, through services',
      demo: 'the demo organization, seeded through users',
    },
  },
];
