import {
  IconBriefcase,
  IconUpload,
  IconListDetails,
  IconPhone,
  IconSpeakerphone,
  IconTag,
  type Icon,
} from '@tabler/icons-react';

const icons: Partial<Record<string, Icon>> = {
  client: IconBriefcase,
  brand: IconTag,
  campaign: IconSpeakerphone,
  phone: IconPhone,
  dataImport: IconUpload,
};

/** A registry resource's icon in the menu and on the dashboard; a resource without one gets a list icon. */
export const resourceIcon = (name: string): Icon => icons[name] ?? IconListDetails;
