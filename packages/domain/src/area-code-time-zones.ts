import { stateOfAreaCode } from './area-code-states';

/**
 * The IANA time zones an area code's numbers may be in, for quiet hours. No npm package ships this with its data
 * and a licence we could use (the area-code packages carry a state or a city, not a zone), so it is derived here:
 * a state's zone, with the area codes that reach across a zone line listed with every zone they cover (from the
 * NANPA area code maps and the US time zone boundaries, 49 CFR part 71). A number keeps its area code when its owner
 * moves, so this is a reading of where the number was issued, which is what the law's "recipient's local time" is
 * checked against in practice.
 */
const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const ARIZONA = 'America/Phoenix';
const PACIFIC = 'America/Los_Angeles';

const zoneOfState: Record<string, string> = {
  ...Object.fromEntries(
    'CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV'.split(' ').map((s) => [s, EASTERN]),
  ),
  ...Object.fromEntries('AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI'.split(' ').map((s) => [s, CENTRAL])),
  ...Object.fromEntries('CO ID MT NM UT WY'.split(' ').map((s) => [s, MOUNTAIN])),
  ...Object.fromEntries('CA NV OR WA'.split(' ').map((s) => [s, PACIFIC])),
  AZ: ARIZONA,
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
};

/** Area codes not in their state's zone, or in more than one zone. */
const overrides: Record<string, string[]> = {
  // Alabama: Phenix City (334) keeps Columbus, Georgia's Eastern time.
  '334': [CENTRAL, EASTERN],
  // Alaska: the western Aleutians are an hour behind Anchorage.
  '907': ['America/Anchorage', 'America/Adak'],
  // Arizona keeps standard time all year, but the Navajo Nation (928) keeps daylight time.
  '928': [ARIZONA, MOUNTAIN],
  // Florida panhandle: Tallahassee is Eastern, Pensacola and Panama City Central.
  '850': [EASTERN, CENTRAL],
  // Idaho: the panhandle is Pacific.
  '208': [MOUNTAIN, PACIFIC],
  '986': [MOUNTAIN, PACIFIC],
  // Indiana: the Chicago suburbs (219) are Central; the southwest (812/930) and Starke County (574) too.
  '219': [CENTRAL],
  '574': [EASTERN, CENTRAL],
  '812': [EASTERN, CENTRAL],
  '930': [EASTERN, CENTRAL],
  // Kentucky: the west is Central; 606 reaches Central counties (Wayne, Clinton, Russell).
  '270': [CENTRAL, EASTERN],
  '364': [CENTRAL, EASTERN],
  '606': [EASTERN, CENTRAL],
  // Kansas: the western border counties are Mountain.
  '620': [CENTRAL, MOUNTAIN],
  '785': [CENTRAL, MOUNTAIN],
  // Michigan: the Upper Peninsula's counties on Wisconsin are Central.
  '906': [EASTERN, CENTRAL],
  // Nebraska: the panhandle is Mountain.
  '308': [CENTRAL, MOUNTAIN],
  // Nevada: West Wendover keeps Mountain time.
  '775': [PACIFIC, MOUNTAIN],
  // North and South Dakota: the southwest is Mountain.
  '701': [CENTRAL, MOUNTAIN],
  '605': [CENTRAL, MOUNTAIN],
  // Oregon: Malheur County is Mountain.
  '458': [PACIFIC, MOUNTAIN],
  '541': [PACIFIC, MOUNTAIN],
  // Tennessee: East Tennessee is Eastern; 423 and 931 cross the line.
  '423': [EASTERN, CENTRAL],
  '865': [EASTERN],
  '931': [CENTRAL, EASTERN],
  // Texas: El Paso (915) is Mountain; 432 reaches Hudspeth and Culberson counties, which are Mountain too.
  '915': [MOUNTAIN],
  '432': [CENTRAL, MOUNTAIN],
};

/**
 * Where an area code is not known (Canada, a code opened since this table): the continental extremes. A window
 * open in both Eastern and Pacific time is open in every zone between them.
 */
export const UNKNOWN_AREA_CODE_ZONES: readonly string[] = [EASTERN, PACIFIC];

/** The zones of a 3-digit area code ('850' → Eastern and Central); the continental extremes when unknown. */
export function timeZonesOfAreaCode(areaCode: string): readonly string[] {
  const listed = overrides[areaCode];
  if (listed) return listed;
  const state = stateOfAreaCode(areaCode);
  const zone = state ? zoneOfState[state] : undefined;
  return zone ? [zone] : UNKNOWN_AREA_CODE_ZONES;
}
