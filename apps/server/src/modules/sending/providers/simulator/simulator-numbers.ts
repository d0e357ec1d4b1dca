import crypto from 'node:crypto';
import type { NumberOperations } from '../messaging-provider';

/**
 * The simulator's numbers for sale: a fake inventory derived from the area code, so the same search always finds
 * the same numbers, in every process, with nothing stored. Buying and releasing always work (a fake carrier has
 * no account to run out of); verifying accepts any US number. One area code has no numbers, so the demo and the
 * tests can meet 'No phones available for that area code'.
 */

/** American Samoa: a valid US area code the simulator has no numbers for. */
export const SIMULATOR_EMPTY_AREA_CODE = '684';
/** How many numbers the simulator has for sale in any other area code. */
export const SIMULATOR_INVENTORY = 20;

const E164_NANP = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/** The i-th number for sale in an area code: exchange 200–999 (never an N11 service code), any line. */
function inventoryNumber(areaCode: string, i: number): string {
  const h = crypto.createHash('sha256').update(`simulator-number:${areaCode}:${i}`).digest();
  let exchange = 200 + (h.readUInt16BE(0) % 800);
  if (exchange % 100 === 11) exchange += 1;
  const line = String(h.readUInt16BE(2) % 10000).padStart(4, '0');
  return `+1${areaCode}${exchange}${line}`;
}

export const simulatorNumbers: NumberOperations = {
  async searchNumbers(areaCode, limit) {
    if (areaCode === SIMULATOR_EMPTY_AREA_CODE) return [];
    const count = Math.min(limit, SIMULATOR_INVENTORY);
    return [...new Set(Array.from({ length: count }, (_, i) => inventoryNumber(areaCode, i)))];
  },
  async buyNumber(e164) {
    return { providerNumberId: `SIMPN${crypto.createHash('sha256').update(e164).digest('hex').slice(0, 24)}` };
  },
  async releaseNumber() {},
  async verifyNumber(e164) {
    return E164_NANP.test(e164) ? { ok: true } : { ok: false, reason: 'The number is not a valid US phone number' };
  },
};
