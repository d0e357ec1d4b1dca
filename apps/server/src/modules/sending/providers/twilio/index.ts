import { providerEnvKeys } from '@canvass/domain';
import type { ProviderDefinition } from '../messaging-provider';
import { createTwilioProvider, parseTwilioWebhook, twilioCapabilities } from './twilio';

/**
 * Twilio (PROVIDERS.md). Its wire format is mocked for tests by test/mocks/twilio-mock.ts (messages) and
 * twilio-numbers-mock.ts (numbers).
 */
export const twilioProvider: ProviderDefinition = {
  create: createTwilioProvider,
  capabilities: twilioCapabilities,
  parseWebhook: parseTwilioWebhook,
  keys: providerEnvKeys.Twilio,
};
