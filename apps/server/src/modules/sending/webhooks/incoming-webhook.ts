import type { ProviderValue } from '@canvass/domain';
import type { TextRef, WebhookEvent, WebhookRequest } from '../providers/messaging-provider';

/** One webhook request as the route read it: its events are parsed but not yet trusted. */
export interface IncomingWebhook {
  provider: ProviderValue;
  request: WebhookRequest;
  events: WebhookEvent[];
  /** Our reference from the callback URL's query (o, t, c), for a status event whose body does not carry one. */
  queryRef: TextRef | null;
}
