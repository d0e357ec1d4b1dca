import { keywordSettingMessages, organizationMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';

/** The organization's opt-out keywords and plain-language switch, through the API as its settings screen uses it. */

const GET = `{ optOutKeywordSettings { optOutKeywords plainLanguageOptOuts } }`;
const SAVE = `mutation($k: [String!]!, $p: Boolean!) {
  updateOptOutKeywordSettings(optOutKeywords: $k, plainLanguageOptOuts: $p) {
    message errors { field messages } settings { optOutKeywords plainLanguageOptOuts }
  }
}`;

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

const settingsOf = async (orgId: number) =>
  (await app.sql(`SELECT settings FROM organizations WHERE id = $1`, [orgId])).rows[0].settings;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Keyword settings');
  other = await buildOrganization(app, 'Elsewhere');
  await app.sql(`UPDATE organizations SET settings = '{"somethingElse": 1}' WHERE id = $1`, [org.id]);
}, 120_000);

describe('opt-out keyword settings', () => {
  it('start with no keywords and plain language on; an admin saves them, other settings kept', async () => {
    const admin = await org.tokenFor('Admin');
    expect((await gql(app, GET, {}, { token: admin })).data!.optOutKeywordSettings).toEqual({
      optOutKeywords: [],
      plainLanguageOptOuts: true,
    });
    const res = await gql(app, SAVE, { k: [' Baja ya ', 'LEAVE'], p: false }, { token: admin });
    expect(res.data!.updateOptOutKeywordSettings).toEqual({
      message: 'All changes saved',
      errors: [],
      settings: { optOutKeywords: ['Baja ya', 'LEAVE'], plainLanguageOptOuts: false },
    });
    expect(await settingsOf(org.id)).toEqual({
      somethingElse: 1,
      optOutKeywords: ['Baja ya', 'LEAVE'],
      plainLanguageOptOuts: false,
    });
    expect(await settingsOf(other.id)).toEqual({});
  });

  it('refuses a HELP keyword, a keyword twice or a blank one, and changes nothing', async () => {
    const admin = await org.tokenFor('Admin');
    const res = await gql(app, SAVE, { k: ['info', 'leave', 'Leave!', '?!'], p: true }, { token: admin });
    expect(res.data!.updateOptOutKeywordSettings.message).toBeNull();
    expect(res.data!.updateOptOutKeywordSettings.errors).toEqual([
      { field: 'optOutKeywords.0', messages: [keywordSettingMessages.reserved('info')] },
      { field: 'optOutKeywords.2', messages: [keywordSettingMessages.twice('Leave!')] },
      { field: 'optOutKeywords.3', messages: [keywordSettingMessages.blank] },
    ]);
    expect((await settingsOf(org.id)).optOutKeywords).toEqual(['Baja ya', 'LEAVE']);
  });

  it('is its admins’ to change: a manager is refused', async () => {
    const manager = await org.tokenFor('Manager');
    const res = await gql(app, SAVE, { k: [], p: true }, { token: manager });
    expect(JSON.stringify(res)).toContain(organizationMessages.onlyAdmins);
    expect((await settingsOf(org.id)).plainLanguageOptOuts).toBe(false);
  });
});
