import { lazyRequire } from '../../../../platform/lazy-require';

/** The Twilio SDK, loaded when a Twilio provider is first made (lazy-require.ts). */
export const twilioSdk = lazyRequire<typeof import('twilio')>('twilio');
