import { stateOfAreaCode } from './area-code-states';

/**
 * The words of searching, buying, releasing and validating purchased numbers (spec §5, §8, §9), shared by the
 * server and the Buy Phones dialog.
 */
export const phoneNumberMessages = {
  errorBuying: 'Error buying number',
  errorReleasing: 'Error releasing number',
  errorSearching: 'Error searching numbers',
  noneAvailable: 'No phones available for that area code',
  couldNotBuy: (numbers: string[]) => `Could not buy: ${numbers.join(', ')}.`,
  bought: 'Number bought successfully',
  boughtMany: 'Numbers bought successfully',
  boughtNumbers: (numbers: string[]) => `Bought numbers: ${numbers.join(', ')}.`,
  released: 'Number released successfully',
  releaseConfirm: 'Are you sure you want to release this number?',
  validating: 'Phone Status Updated (Awaiting API Verify; verification will be processed shortly)',
  error: 'Error',
  selectCampaign: 'Select a campaign first',
  campaignRequired: 'Campaign is required',
  campaignNotFound: 'Campaign not found',
  clientNotLoaded: 'Error, client not loaded',
  noPhonesSelected: 'No phones selected',
  selectPhone: 'Select a phone number first',
  invalidPhone: 'Invalid phone number',
  cantSearch: "Can't search phones",
  areaCodeLabel: 'Area code',
  invalidAreaCode: 'Invalid Area Code',
  useValidAreaCode: 'Please, use a valid US area code',
  /** Not spec texts: the spec only says a campaign holds at most 49 purchased numbers (§9). */
  campaignFull: (limit: number) => `A campaign can hold at most ${limit} purchased numbers`,
  campaignFullFor: (limit: number, room: number) =>
    room === 0
      ? `This campaign already holds ${limit} purchased numbers, the most it can`
      : `This campaign has room for ${room} more number${room === 1 ? '' : 's'} (at most ${limit})`,
  numbersUnavailable: (provider: string) => `Buying numbers is not available through ${provider}`,
  notReleasable: 'Only a purchased number that is not released can be released',
  notValidatable: 'Only a purchased (provider) number can be validated',
  alreadyReleased: 'This number is already released',
  /** Not a spec text: a released number could no longer send the texts a project still has for it. */
  inUseByProjects: (names: string[]) =>
    `This number still sends for ${names.length === 1 ? 'project' : 'projects'} ${names.join(', ')}: remove it from ${names.length === 1 ? 'that project' : 'those projects'} (or let ${names.length === 1 ? 'it' : 'them'} finish) before releasing it`,
} as const;

/** Spec §9: a campaign holds at most 49 purchased numbers (its numbers not yet released). */
export const MAX_CAMPAIGN_PHONES = 49;

/** Strips what people type around an area code: brackets, dashes, spaces (spec §5 "inputs strip brackets and dashes"). */
export const areaCodeDigits = (input: string): string => input.replace(/[-()\s._]/g, '');

/**
 * Checks a typed area code (spec §5): exactly 3 digits, a US geographic area code. `incomplete` is under 3 digits
 * (no search yet); an error carries the spec's title and message.
 */
export function checkAreaCode(
  input: string,
): { areaCode: string } | { incomplete: true } | { error: { title: string; message: string } } {
  const digits = areaCodeDigits(input);
  if (/^\d{0,2}$/.test(digits)) return { incomplete: true };
  if (!/^\d{3}$/.test(digits))
    return { error: { title: phoneNumberMessages.cantSearch, message: phoneNumberMessages.areaCodeLabel } };
  if (!stateOfAreaCode(digits))
    return { error: { title: phoneNumberMessages.invalidAreaCode, message: phoneNumberMessages.useValidAreaCode } };
  return { areaCode: digits };
}
