import crypto from 'node:crypto';

/** Hex HMAC-SHA256, the signature RedCloud and the configurable HTTP providers put on their webhooks. */
export const hmacSha256Hex = (secret: string, payload: Buffer | string): string =>
  crypto.createHmac('sha256', secret).update(payload).digest('hex');

/** Constant-time comparison of a received hex signature (an optional `sha256=` prefix allowed) with ours. */
export function signatureMatches(received: string | undefined, expectedHex: string): boolean {
  const hex = (received ?? '')
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length !== expectedHex.length) return false;
  return crypto.timingSafeEqual(Buffer.from(hex, 'hex'), Buffer.from(expectedHex, 'hex'));
}
