import { Provider, type ProviderValue } from '@canvass/domain';

/** The two webhooks a provider posts: delivery reports of the texts sent, and messages recipients send. */
export type WebhookKind = 'status' | 'inbound';

/**
 * The URL a provider posts one kind of webhook to, in the one form PROVIDERS.md and the README document: the
 * provider's name in lower case. Whatever Canvass configures at a provider (a bought number's messaging URL, each
 * text's status callback) uses it, so an operator copying a URL from the docs or from a provider's console types
 * the same thing.
 */
export const webhookUrl = (publicUrl: string, provider: ProviderValue, kind: WebhookKind): string =>
  `${publicUrl.replace(/\/$/, '')}/webhooks/${provider.toLowerCase()}/${kind}`;

const byLowerCaseName = new Map(Provider.values.map((p) => [p.toLowerCase(), p]));

/**
 * The provider a webhook URL's path names, in any case: URLs configured before the form was fixed (Twilio numbers
 * bought with /webhooks/Twilio/inbound) and ones typed in by hand keep working. Null for a name that is no provider.
 */
export const providerOfWebhookPath = (name: string): ProviderValue | null =>
  byLowerCaseName.get(name.toLowerCase()) ?? null;
