import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockSheet {
  sheetId: number;
  title: string;
  /** Cells as the sheet shows them; [] is a blank row. */
  rows: string[][];
  /** The grid's size; Google's default sheet has 1000 rows whatever is filled. */
  rowCount?: number;
}

export interface MockGoogle {
  /** Root for GOOGLE_SHEETS_ROOT_URL (with a trailing slash, as googleapis expects). */
  url: string;
  authUrl: string;
  tokenUrl: string;
  /** The Google account that consents at the next authorization. */
  account: { email: string };
  /** Adds a spreadsheet readable by the listed Google accounts. */
  addSpreadsheet(id: string, sheets: MockSheet[], sharedWith: string[]): void;
  /** Makes every Sheets call about this spreadsheet answer with this Google error. */
  failWith(id: string, code: number, status: string, message: string): void;
  /** A refresh token for this account, as if it had consented earlier. */
  issueRefreshToken(email: string): string;
  /** Revokes every token of this account (the user removed Canvass from their Google account). */
  revoke(email: string): void;
  /** Every request, as method and path with query, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Google speaking its wire format: the OAuth 2.0 consent redirect and token endpoint
 * (authorization_code with PKCE, refresh_token; invalid_grant for revoked tokens), and the Sheets v4 calls the
 * list source makes (spreadsheets.get, spreadsheets.values.get) with Google's JSON error bodies. Sheets answers
 * only with an access token of an account the spreadsheet is shared with.
 */
export async function startMockGoogle(clientId: string, clientSecret: string): Promise<MockGoogle> {
  const codes = new Map<string, { challenge: string; email: string; redirectUri: string }>();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const spreadsheets = new Map<string, { sheets: MockSheet[]; sharedWith: Set<string> }>();
  const failures = new Map<string, { code: number; status: string; message: string }>();
  const requests: string[] = [];
  const state = { url: '', account: { email: 'someone@gmail.test' } };
  const token = (prefix: string) => `${prefix}-${crypto.randomBytes(12).toString('hex')}`;

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const u = new URL(req.url ?? '/', state.url);
    requests.push(`${req.method} ${u.pathname}${u.search}`);
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const apiError = (code: number, status: string, message: string) =>
      json({ error: { code, message, status } }, code);

    if (u.pathname === '/o/oauth2/v2/auth') {
      const code = token('code');
      codes.set(code, {
        challenge: u.searchParams.get('code_challenge') ?? '',
        email: state.account.email,
        redirectUri: u.searchParams.get('redirect_uri') ?? '',
      });
      const back = new URL(u.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (u.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')
        : [form.get('client_id'), form.get('client_secret')];
      if (basic[0] !== clientId || basic[1] !== clientSecret)
        return json({ error: 'invalid_client', error_description: 'Unauthorized' }, 401);
      const invalidGrant = (description: string) =>
        json({ error: 'invalid_grant', error_description: description }, 400);
      if (form.get('grant_type') === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const challenge = crypto
          .createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri'))
          return invalidGrant('Malformed auth code.');
        const refresh = token('1//refresh');
        const access = token('ya29.access');
        refreshTokens.set(refresh, grant.email);
        accessTokens.set(access, grant.email);
        // An unsigned id_token is enough here: Canvass reads it from the token response, as it may (OIDC 3.1.3.7).
        const claims = { iss: 'https://accounts.google.com', aud: clientId, sub: grant.email, email: grant.email };
        const idToken = [{ alg: 'none', typ: 'JWT' }, claims]
          .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
          .join('.');
        return json({
          access_token: access,
          expires_in: 3599,
          refresh_token: refresh,
          scope:
            'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/spreadsheets.readonly',
          token_type: 'Bearer',
          id_token: `${idToken}.`,
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const email = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!email) return invalidGrant('Token has been expired or revoked.');
        const access = token('ya29.access');
        accessTokens.set(access, email);
        return json({ access_token: access, expires_in: 3599, scope: 'openid', token_type: 'Bearer' });
      }
      return json({ error: 'unsupported_grant_type' }, 400);
    }

    const sheetsPath = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(u.pathname);
    if (sheetsPath && req.method === 'GET') {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const email = accessTokens.get(bearer);
      if (!email) return apiError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      const failure = failures.get(decodeURIComponent(sheetsPath[1]));
      if (failure) return apiError(failure.code, failure.status, failure.message);
      const spreadsheet = spreadsheets.get(decodeURIComponent(sheetsPath[1]));
      if (!spreadsheet) return apiError(404, 'NOT_FOUND', 'Requested entity was not found.');
      if (!spreadsheet.sharedWith.has(email))
        return apiError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
      if (!sheetsPath[2]) {
        return json({
          spreadsheetId: sheetsPath[1],
          sheets: spreadsheet.sheets.map((s, index) => ({
            properties: {
              sheetId: s.sheetId,
              title: s.title,
              index,
              sheetType: 'GRID',
              gridProperties: { rowCount: s.rowCount ?? Math.max(1000, s.rows.length), columnCount: 26 },
            },
          })),
        });
      }
      return valuesGet(decodeURIComponent(sheetsPath[2]), spreadsheet.sheets, json, apiError);
    }
    json({ error: 'not_found' }, 404);
  };

  // node:http ignores a handler's promise: a failure would be an unhandled rejection and a hung request.
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${state.url}/`,
    authUrl: `${state.url}/o/oauth2/v2/auth`,
    tokenUrl: `${state.url}/token`,
    get account() {
      return state.account;
    },
    set account(a) {
      state.account = a;
    },
    addSpreadsheet(id, sheets, sharedWith) {
      spreadsheets.set(id, { sheets, sharedWith: new Set(sharedWith) });
    },
    failWith(id, code, status, message) {
      failures.set(id, { code, status, message });
    },
    issueRefreshToken(email) {
      const refresh = token('1//refresh');
      refreshTokens.set(refresh, email);
      return refresh;
    },
    revoke(email) {
      for (const map of [refreshTokens, accessTokens])
        for (const [key, owner] of map) if (owner === email) map.delete(key);
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * values.get of `'Title'!from:to` (whole rows): the rows in range with Google's trimming, trailing empty cells of
 * each row and trailing empty rows left out, and no `values` at all when the range is empty.
 */
function valuesGet(
  range: string,
  sheets: MockSheet[],
  json: (body: unknown, status?: number) => void,
  apiError: (code: number, status: string, message: string) => void,
) {
  const parsed = /^(?:'((?:[^']|'')+)'|([^!]+))!(\d+):(\d+)$/.exec(range);
  const title = parsed ? (parsed[1]?.replace(/''/g, "'") ?? parsed[2]) : '';
  const sheet = sheets.find((s) => s.title === title);
  if (!parsed || !sheet) return apiError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`);
  const [from, to] = [Number(parsed[3]), Number(parsed[4])];
  const rows = sheet.rows.slice(from - 1, to).map((row) => {
    const cells = [...row];
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (rows.length && rows[rows.length - 1].length === 0) rows.pop();
  const last = from + Math.max(rows.length, 1) - 1;
  json({
    range: `'${sheet.title.replace(/'/g, "''")}'!A${from}:Z${last}`,
    majorDimension: 'ROWS',
    ...(rows.length ? { values: rows } : {}),
  });
}
