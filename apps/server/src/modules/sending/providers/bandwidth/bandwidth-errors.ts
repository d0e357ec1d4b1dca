import { carrierFailure, type CarrierFailure } from '../carrier-failure';

/**
 * Bandwidth's messaging error codes (https://dev.bandwidth.com/docs/messaging/errors) as spec §4 text statuses,
 * in words a campaign staffer can act on. They arrive in message-failed callbacks; a refused create answers with
 * an HTTP status instead (bandwidth.ts).
 */

const spam = carrierFailure(
  'Spam',
  'The text was blocked as spam and the sending number is flagged; review the message wording and the number’s 10DLC registration.',
  true,
);
const badNumber = carrierFailure(
  'NumberFormat',
  "The recipient's number is invalid or no longer in service; correct it in the list or leave it out.",
);
const unreachable = carrierFailure(
  'Undelivered',
  "The recipient's carrier could not deliver the text (phone off, unreachable, or the carrier refused it).",
);
const media = carrierFailure(
  'MediaSize',
  'The image or file could not be sent: too large, unreachable or of an unsupported kind; use a smaller JPEG, PNG or GIF at a public URL.',
);
const volume = carrierFailure(
  'RateLimited',
  "The carrier's volume limit for this brand or campaign was reached; send the rest later or at a slower rate.",
);

const byCode: Record<number, CarrierFailure> = {
  4404: badNumber,
  4406: badNumber,
  4720: badNumber,
  4721: badNumber,
  4403: carrierFailure(
    'Failed',
    'The sending number is not enabled for messaging on this Bandwidth account; choose another sending number.',
    true,
  ),
  4410: media,
  4411: media,
  4412: media,
  4711: media,
  4712: media,
  4470: spam,
  4770: spam,
  4481: carrierFailure('Spam', 'Bandwidth has banned the sending number after spam reports; stop using it.', true),
  4482: carrierFailure('Rejected', 'The recipient is on the carrier block list and cannot receive texts.'),
  4775: carrierFailure(
    'Rejected',
    'The recipient opted out of texts from this number at their carrier; do not text them again.',
    false,
    true,
  ),
  4780: volume,
  4781: volume,
  4785: volume,
  4795: carrierFailure(
    'Failed',
    'The toll-free sending number is not verified; submit it for verification before sending.',
    true,
  ),
};

export function bandwidthFailure(code: number | null | undefined, description?: string): CarrierFailure {
  const known = code ? byCode[code] : undefined;
  if (known) return known;
  // 47xx are the carrier's refusals of this recipient, 5xxx service failures on the way: the text did not arrive.
  if (code && ((code >= 4700 && code < 4800) || code >= 5000)) return unreachable;
  const detail = description ? `: ${description}` : '';
  return carrierFailure('Failed', `Bandwidth could not send the text (error ${code ?? 'unknown'}${detail}).`);
}

/** A refused create (HTTP 400 with fieldErrors, 401, 403) in the same terms. */
export function bandwidthRequestFailure(
  status: number,
  body: { description?: string; fieldErrors?: { fieldName?: string; description?: string }[] } | undefined,
): CarrierFailure {
  if (status === 401 || status === 403) {
    return carrierFailure(
      'Failed',
      "Bandwidth refused the brand's credentials; check BANDWIDTH_API_USER, BANDWIDTH_API_PASSWORD and BANDWIDTH_ACCOUNT_ID in the brand's configuration.",
    );
  }
  const fields = body?.fieldErrors ?? [];
  if (fields.some((f) => f.fieldName === 'to')) return badNumber;
  if (fields.some((f) => f.fieldName === 'media')) return media;
  const detail = [body?.description, ...fields.map((f) => `${f.fieldName}: ${f.description}`)].filter(Boolean);
  return carrierFailure(
    'Failed',
    `Bandwidth refused the text (${status}${detail.length ? `: ${detail.join('; ')}` : ''}).`,
  );
}
