/**
 * The header the web app sends with its GraphQL requests, so a change made in the app (an opt-out added by hand) is
 * audited as made in the app, and one by another API caller as made through the API. A module of its own, without
 * imports: the login page's bundle carries it.
 */
export const WEB_CLIENT_HEADER = 'x-canvass-client';
