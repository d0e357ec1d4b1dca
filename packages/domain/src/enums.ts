import { colourAll, defineEnum } from './enum';

// Every enumeration of spec §4, in the spec's order, with the spec's colours.

export const ClientStatus = defineEnum('ClientStatus', ['Active', 'Inactive', 'Prospect'], {
  colours: { Active: 'green', Inactive: 'purple', Prospect: 'yellow' },
});

export const ClientType = defineEnum('ClientType', [
  'Agency',
  'Campaign',
  'Government',
  'Other',
  'PoliticalActionCommittee',
  'PublicAffairs',
  'Researcher',
]);

const projectStatuses = [
  'Active',
  'Approved',
  'Assigned',
  'AwaitingLoad',
  'AwaitingUnload',
  'Cancelled',
  'Complete',
  'Error',
  'ErrorLoading',
  'ErrorLoadingWork',
  'Late',
  'Live',
  'Loading',
  'LoadingWork',
  'Queued',
  'Ready',
  'Sending',
  'Setup',
  'Submitted',
  'Unloading',
] as const;
export const ProjectStatus = defineEnum('ProjectStatus', projectStatuses, {
  labels: {
    Setup: 'Draft',
    Submitted: 'Draft',
    Assigned: 'Draft',
    AwaitingLoad: 'Loading',
    Loading: 'Loading',
    LoadingWork: 'Loading',
    AwaitingUnload: 'Unloading',
    Unloading: 'Unloading',
  },
  colours: {
    ...colourAll(['Error', 'ErrorLoading', 'ErrorLoadingWork', 'Cancelled', 'Late'], 'red'),
    ...colourAll(['Live', 'Sending', 'Active', 'Complete'], 'green'),
    ...colourAll(['Ready', 'Approved', 'Queued'], 'blue'),
    ...colourAll(['AwaitingLoad', 'Loading', 'LoadingWork', 'AwaitingUnload', 'Unloading'], 'purple'),
  },
});

export const ProjectStatusGroup = defineEnum('ProjectStatusGroup', ['Setup', 'Ready', 'Loading', 'Error', 'Other']);

export const ProjectCreationStep = defineEnum('ProjectCreationStep', [
  'BasicInfo',
  'Message',
  'Sender',
  'SendingSchedule',
  'Setup',
  'Summary',
  'Texters',
]);

export const ProjectAction = defineEnum('ProjectAction', [
  'CancelProject',
  'LoadProject',
  'ReinstateProject',
  'ResendTexts',
  'SendTexts',
  'TestText',
  'UnloadProject',
]);

export const ProjectType = defineEnum('ProjectType', [
  'FundRaising',
  'GetOutToVote',
  'OfficialBusiness',
  'Research',
  'VoterContact',
]);

export const DeliveryType = defineEnum('DeliveryType', ['Blast', 'External', 'Internal']);
export const SendingType = defineEnum('SendingType', ['Auto', 'Manual']);
export const MediaPosition = defineEnum('MediaPosition', ['After', 'Before', 'NoPreference'], {
  labels: { NoPreference: 'No preference' },
});
export const MessagingServiceType = defineEnum('MessagingServiceType', ['SMS', 'MMS']);
export const PricingType = defineEnum('PricingType', ['Blended', 'Optimized']);
export const CampaignType = defineEnum('CampaignType', ['Registered', 'Unregistered']);

export const ListStatus = defineEnum(
  'ListStatus',
  [
    'AwaitingDelete',
    'AwaitingLoad',
    'Loaded',
    'Loading',
    'LoadingPhones',
    'Setup',
    'Submitted',
    'Error',
    'ErrorApp',
    'ErrorDBError',
    'ErrorFileNotFound',
    'ErrorLoadingPhones',
    'ErrorMultipleLastNamesSelected',
    'ErrorMultipleNamesSelected',
    'ErrorMultiplePhoneNumbersSelected',
    'ErrorSheetExceedsMaxColumns',
    'ErrorSheetIncludesInvalidData',
    'ErrorSheetIsInUseByAProject',
    'ErrorSignInWithGoogle',
    'ErrorTheFileIsNotASheet',
    'ErrorUnableToAccessTheSheet',
    'ErrorUnableToProcessTheFile',
    'ErrorUnableToSelectAPhoneNumber',
  ],
  {
    colours: { Loaded: 'green', Loading: 'purple', LoadingPhones: 'purple', AwaitingLoad: 'purple' },
    // A badge's few words for each failure (listErrorMessages says the whole of it): 'Not a spreadsheet', not
    // 'Error the file is not a sheet'.
    labels: {
      LoadingPhones: 'Loading phones',
      ErrorApp: 'Error',
      ErrorDBError: 'Not saved',
      ErrorFileNotFound: 'File not found',
      ErrorLoadingPhones: 'Phones not saved',
      ErrorMultipleLastNamesSelected: 'Two last name columns',
      ErrorMultipleNamesSelected: 'Two first name columns',
      ErrorMultiplePhoneNumbersSelected: 'Two phone columns',
      ErrorSheetExceedsMaxColumns: 'Too many columns',
      ErrorSheetIncludesInvalidData: 'Sheet does not match',
      ErrorSheetIsInUseByAProject: 'In use by a project',
      ErrorSignInWithGoogle: 'Google sign-in needed',
      ErrorTheFileIsNotASheet: 'Not a spreadsheet',
      ErrorUnableToAccessTheSheet: 'Sheet not shared',
      ErrorUnableToProcessTheFile: 'File unreadable',
      ErrorUnableToSelectAPhoneNumber: 'No phone column',
    },
  },
);

/** What the loader made of one spreadsheet row (spec §3 Row). Only Valid rows are texted. */
export const RowStatus = defineEnum('RowStatus', ['Valid', 'Invalid', 'Duplicate'], {
  colours: { Valid: 'green', Invalid: 'red', Duplicate: 'orange' },
});

/** The part a sheet column plays in a load, chosen on the preview: one per column of the sheet. */
export const ListColumnRole = defineEnum('ListColumnRole', ['Phone', 'FirstName', 'LastName', 'Column', 'Skip'], {
  labels: { Phone: 'Phone number', FirstName: 'First name', LastName: 'Last name', Column: 'Keep as column' },
});

const textStatuses = [
  'Active',
  'Clicked',
  'Delivered',
  'Early',
  'Error',
  'Expired',
  'Failed',
  'Late',
  'MediaSize',
  'NumberFormat',
  'Preparing',
  'Queued',
  'RateLimited',
  'Ready',
  'Received',
  'Rejected',
  'Sending',
  'Sent',
  'Spam',
  'Undelivered',
  'UpdateFailed',
] as const;
export const TextStatus = defineEnum('TextStatus', textStatuses, {
  colours: {
    ...colourAll(['Active', 'Sent', 'Received', 'Delivered', 'Clicked'], 'green'),
    Ready: 'blue',
    ...colourAll(['Queued', 'Sending', 'Early', 'Preparing'], 'purple'),
    ...colourAll(
      [
        'Error',
        'Failed',
        'Expired',
        'Undelivered',
        'UpdateFailed',
        'RateLimited',
        'NumberFormat',
        'MediaSize',
        'Rejected',
        'Spam',
      ],
      'red',
    ),
  },
});

export const TextType = defineEnum('TextType', ['Inbox', 'List', 'Manual', 'Reply', 'Seed', 'Test']);

export const PhoneStatus = defineEnum(
  'PhoneStatus',
  [
    'APIVerified',
    'Active',
    'AwaitingAPIRelease',
    'AwaitingAPIVerify',
    'AwaitingMMSVerify',
    'AwaitingSMSVerify',
    'Blocked',
    'Burned',
    'CampaignMismatch',
    'FromPhone',
    'Incorrect',
    'Invalid',
    'Pending',
    'Released',
    'ToPhone',
    'Unconfirmed',
    'Valid',
  ],
  {
    defaultColour: 'purple',
    colours: { Active: 'green', ...colourAll(['Blocked', 'Burned', 'Invalid', 'Released', 'Unconfirmed'], 'red') },
  },
);

export const PhoneType = defineEnum('PhoneType', ['ClientPhone', 'FromPhone', 'ToPhone'], {
  labels: { ClientPhone: 'Client', FromPhone: 'Provider', ToPhone: 'Recipient' },
});
export const PhoneClass = defineEnum('PhoneClass', ['Provider', 'Recipient']);

/** Spec §4's six carriers, and Canvass's built-in simulator (a fake carrier for the demo, tests and benchmarks). */
export const Provider = defineEnum('Provider', [
  'Bandwidth',
  'Copaco',
  'Decantr',
  'RedCloud',
  'Telucom',
  'Twilio',
  'Simulator',
]);
export const Carrier = defineEnum('Carrier', [
  'Bandwidth',
  'Copaco',
  'Decantr',
  'RedCloud',
  'Telucom',
  'Twilio',
  'Client',
  'Landline',
  'Mobile',
  'Unknown',
  'VOIP',
]);

/**
 * What kind of line a number is (spec §4 lists these among the phone carriers: Landline, Mobile, VOIP, Unknown).
 * Kept apart from the carrier so the Landline filter and the Carrier filter each read one column; a lookup
 * provider fills both.
 */
export const LineType = defineEnum('LineType', ['Mobile', 'Landline', 'VOIP', 'Unknown']);

/** Manual is what staff create by hand; Provider and Recipient come from the carrier and the recipient's reply. */
export const OptOutType = defineEnum('OptOutType', ['Provider', 'Recipient', 'Manual']);

export const ListFilterType = defineEnum('ListFilterType', [
  'Carrier',
  'ClientOptOut',
  'DoNotContact',
  'Invalid',
  'Landline',
  'OrganizationOptOut',
  'State',
]);

export const CollectionType = defineEnum('CollectionType', ['Collection', 'Compensation', 'Transfer']);
export const TeamStatus = defineEnum('TeamStatus', ['Active', 'Inactive'], {
  colours: { Active: 'green', Inactive: 'purple' },
});
export const NotificationChannel = defineEnum('NotificationChannel', ['Email', 'SMS', 'Slack']);
export const UserOperation = defineEnum('UserOperation', ['Delete', 'Lock', 'Unlock']);
export const AreaCodeSelection = defineEnum('AreaCodeSelection', ['MatchingAreaCode', 'MostCommonAreaCode']);
export const ListSummaryOption = defineEnum('ListSummaryOption', ['duplicates', 'invalids', 'optOuts']);
export const RegistrationState = defineEnum('RegistrationState', ['Registered', 'Unregistered']);
export const PermissionOperation = defineEnum('PermissionOperation', [
  'Convert',
  'Copy',
  'Create',
  'Delete',
  'Export',
  'Import',
  'Merge',
  'Update',
  'View',
]);
export const Role = defineEnum('Role', ['Admin', 'Client', 'TeamLead', 'Texter', 'Agency', 'Manager']);
export const ProviderConfigurationType = defineEnum('ProviderConfigurationType', [
  'Custom',
  'Organization',
  'Platform',
]);
export const UserDisplayStatus = defineEnum('UserDisplayStatus', ['Active', 'Locked', 'Deleted'], {
  colours: { Active: 'green', Locked: 'yellow', Deleted: 'red' },
});
export const ProjectTexterStatus = defineEnum('ProjectTexterStatus', ['Active', 'Inactive']);
/**
 * The opt-out snippets the message editor inserts with '/' (spec §7 options). All in the GSM-7 alphabet, so adding
 * one never turns a message into UCS-2 (no 'más', no 'envía'); each passes the compliance check's opt-out rule.
 */
export const ProjectOptOutLanguage = defineEnum(
  'ProjectOptOutLanguage',
  [
    'Reply STOP to opt out',
    'Text STOP to stop',
    'Reply STOP to end',
    'Txt STOP to quit',
    'STOP2END',
    'Responde PARAR para no recibir mensajes',
    'Responde BAJA para darte de baja',
  ],
  { labels: { STOP2END: 'STOP2END' } },
);
export const TextMimeType = defineEnum('TextMimeType', [
  'image/jpeg',
  'image/png',
  'image/gif',
  'video/mp4',
  'audio/mpeg',
  'application/pdf',
]);
export const BackgroundTaskStatus = defineEnum('BackgroundTaskStatus', ['Queued', 'Running', 'Done', 'Failed'], {
  colours: { Queued: 'purple', Running: 'blue', Done: 'green', Failed: 'red' },
});
/** What the rows of a data import become (issue 11 §7). */
export const DataImportResource = defineEnum(
  'DataImportResource',
  ['Phone', 'OptOut', 'DoNotContact', 'Client', 'User'],
  {
    labels: {
      Phone: 'Phones',
      OptOut: 'Opt-outs',
      DoNotContact: 'Do-not-contact numbers',
      Client: 'Clients',
      User: 'Users',
    },
  },
);
