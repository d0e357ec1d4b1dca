import type { TextStatusValue } from '../messaging-provider';
import { carrierFailure, type CarrierFailure } from '../carrier-failure';

/**
 * Twilio's error codes (https://www.twilio.com/docs/api/errors) as spec §4 text statuses, each with words a
 * campaign staffer can act on. Used for a refused send and for the ErrorCode of a failed status callback alike.
 */

const badNumber = carrierFailure(
  'NumberFormat',
  "The recipient's number is not a valid mobile number; correct it in the list or leave it out.",
);
const unreachable = carrierFailure(
  'Undelivered',
  "The recipient's phone could not be reached (switched off, out of service or a landline); the carrier gave up.",
);
const mediaTooBig = carrierFailure(
  'MediaSize',
  'The image or file is too large or of a kind the carrier does not accept; use a smaller JPEG, PNG or GIF (under 5 MB, ideally under 600 KB).',
);
const carrierLimit = carrierFailure(
  'RateLimited',
  "The carrier's sending limit for this number was reached; send the rest later or spread it over more numbers.",
);

const byCode: Record<number, CarrierFailure> = {
  20003: carrierFailure(
    'Failed',
    "Twilio refused the brand's credentials; check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN in the brand's configuration.",
  ),
  21211: badNumber,
  21217: badNumber,
  21401: badNumber,
  21407: badNumber,
  21421: badNumber,
  21614: badNumber,
  21408: carrierFailure(
    'Failed',
    "The Twilio account may not send to this recipient's country; enable the country in Twilio's messaging geographic permissions.",
  ),
  21606: carrierFailure(
    'Failed',
    'The sending number is not a Twilio number that can send messages from this account; choose another sending number.',
    true,
  ),
  21610: carrierFailure(
    'Rejected',
    'The recipient replied STOP to this number; they cannot be texted from it again.',
    false,
    true,
  ),
  21612: unreachable,
  21619: carrierFailure('Failed', 'The text had neither a message nor media; add a message before sending.'),
  21620: mediaTooBig,
  21623: carrierFailure('MediaSize', 'Too many files for one MMS; attach at most 10.'),
  30001: carrierLimit,
  30002: carrierFailure('Failed', 'The Twilio account is suspended or closed; contact the account owner.'),
  30003: unreachable,
  30004: carrierFailure('Rejected', 'The recipient has blocked messages, or the carrier blocks messages to them.'),
  30005: carrierFailure('Undelivered', "The recipient's number is unknown to the carrier or no longer in service."),
  30006: carrierFailure(
    'Undelivered',
    'The number is a landline or a carrier that cannot receive texts; leave it out of the list.',
  ),
  30007: carrierFailure(
    'Spam',
    'The carrier filtered this text as spam and is blocking the sending number; review the message wording and the number’s registration.',
    true,
  ),
  30008: carrierFailure('Failed', 'The carrier reported an unknown error; try again later.'),
  30019: mediaTooBig,
  30022: carrierLimit,
  30027: carrierLimit,
  30034: carrierFailure(
    'Failed',
    'The sending number is not registered for A2P 10DLC; register it with a campaign before sending from it.',
    true,
  ),
  30036: carrierFailure('Expired', 'The text could not be delivered before its validity period ran out.'),
  11751: mediaTooBig,
};

/** A failure Twilio reported with this code; `fallback` is Twilio's own message, kept when we do not know the code. */
export function twilioFailure(code: number | string | null | undefined, fallback?: string): CarrierFailure {
  const known = code === null || code === undefined ? undefined : byCode[Number(code)];
  if (known) return known;
  const detail = fallback ? `: ${fallback}` : '';
  return carrierFailure('Failed', `Twilio could not send the text (error ${code ?? 'unknown'}${detail}).`);
}

/** A status callback's MessageStatus as our text status (undelivered and failed are refined by the ErrorCode). */
export const twilioStatuses: Record<string, TextStatusValue> = {
  accepted: 'Queued',
  scheduled: 'Queued',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  canceled: 'Failed',
};
