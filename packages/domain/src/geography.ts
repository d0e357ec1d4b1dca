import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** US states and DC, for client and project state fields (spec §7 `states`). */
export const usStates: readonly { name: string; abbreviation: string }[] = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
].map(([name, abbreviation]) => ({ name, abbreviation }));

/** The time zones US campaigns text in; quiet hours are computed in the recipient's zone. */
export const usTimeZones: readonly { name: string; label: string }[] = [
  ['America/New_York', 'Eastern'],
  ['America/Chicago', 'Central'],
  ['America/Denver', 'Mountain'],
  ['America/Phoenix', 'Mountain (Arizona, no DST)'],
  ['America/Los_Angeles', 'Pacific'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
  ['America/Puerto_Rico', 'Atlantic (Puerto Rico)'],
].map(([name, label]) => ({ name, label: `${label} (${name})` }));

let areaCodeCache: string[] | null = null;

/**
 * Area codes in service in the US, as libphonenumber's metadata knows them: a code counts when a typical
 * number under it is valid. Computed once.
 */
export function usAreaCodes(): string[] {
  if (!areaCodeCache) {
    areaCodeCache = [];
    for (let code = 200; code <= 999; code++) {
      const ok = ['2345678', '5550100', '3214567', '7654321'].some(
        (rest) =>
          parsePhoneNumberFromString(`${code}${rest}`, 'US')?.isValid() &&
          parsePhoneNumberFromString(`${code}${rest}`, 'US')?.country === 'US',
      );
      if (ok) areaCodeCache.push(String(code));
    }
  }
  return areaCodeCache;
}
