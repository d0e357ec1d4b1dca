/**
 * The layers of the web app (apps/web/src/*), bottom first: a folder imports only folders of its own layer or of
 * the layers listed before it, so the session never reaches into screens and nothing but main.tsx reaches the shell.
 * `canvass/module-order` (eslint/module-order-rule.js, with withinLayer 'free') enforces it on every file but the
 * tests and their helpers (test/, *.test.tsx, *.test-utils.ts), which may render the whole app. A new folder must
 * be placed here.
 */
export const webLayers = [
  { layer: 'generated', modules: { gql: "graphql-codegen's types of the hand-written operations" } },
  {
    layer: 'session',
    modules: {
      session: 'the signed-in session and its line to the server: tokens, refresh, GraphQL client, live socket',
    },
  },
  { layer: 'ui', modules: { ui: 'the generic pieces every screen is built from' } },
  {
    layer: 'screens',
    modules: {
      resources: "what is particular to one resource's screens",
      features: 'flows that are not a resource',
    },
  },
  { layer: 'shell', modules: { shell: 'router, layout, menus and guards: what holds the screens together' } },
  { layer: 'entry', modules: { main: 'main.tsx, which mounts the shell' } },
];
