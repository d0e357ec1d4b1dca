import {
  Carrier,
  ClientStatus,
  PhoneStatus,
  PhoneType,
  ProjectOptOutLanguage,
  ProjectStatus,
  ProjectTexterStatus,
  TeamStatus,
  TextMimeType,
  TextStatus,
  providerEnvKeys,
  type EnumDef,
} from '@canvass/domain';

export interface OptionShape {
  optionType: string;
  name: string;
  label: string;
  groupId: string | null;
}

const fromEnum = (optionType: string, e: EnumDef<string>): OptionShape[] =>
  e.values.map((v) => ({ optionType, name: v, label: e.label(v), groupId: null }));

/** The option lists of spec §7 "Options by type", by type name. ProviderEnvKey is grouped by provider. */
const optionLists: Record<string, () => OptionShape[]> = {
  Carrier: () => fromEnum('Carrier', Carrier),
  ClientStatus: () => fromEnum('ClientStatus', ClientStatus),
  PhoneStatus: () => fromEnum('PhoneStatus', PhoneStatus),
  PhoneType: () => fromEnum('PhoneType', PhoneType),
  ProjectOptOutLanguage: () => fromEnum('ProjectOptOutLanguage', ProjectOptOutLanguage),
  ProjectStatus: () => fromEnum('ProjectStatus', ProjectStatus),
  TextMimeType: () => fromEnum('TextMimeType', TextMimeType),
  ProjectTexterStatus: () => fromEnum('ProjectTexterStatus', ProjectTexterStatus),
  TeamStatus: () => fromEnum('TeamStatus', TeamStatus),
  TextStatus: () => fromEnum('TextStatus', TextStatus),
  ProviderEnvKey: () =>
    Object.entries(providerEnvKeys).flatMap(([provider, keys]) =>
      keys.map((k) => ({ optionType: 'ProviderEnvKey', name: k, label: k, groupId: provider })),
    ),
};

export const optionTypes = Object.keys(optionLists);

export function optionsOf(optionType: string): OptionShape[] | null {
  return optionLists[optionType]?.() ?? null;
}
