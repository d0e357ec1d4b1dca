import { pgEnum } from 'drizzle-orm/pg-core';
import {
  AreaCodeSelection,
  BackgroundTaskStatus,
  CampaignType,
  Carrier,
  ClientStatus,
  ClientType,
  CollectionType,
  DeliveryType,
  LineType,
  ListColumnRole,
  ListFilterType,
  ListStatus,
  MediaPosition,
  MessagingServiceType,
  OptOutType,
  PhoneClass,
  PhoneStatus,
  PhoneType,
  PricingType,
  ProjectCreationStep,
  ProjectStatus,
  ProjectTexterStatus,
  ProjectType,
  Provider,
  ProviderConfigurationType,
  RowStatus,
  SendingType,
  TeamStatus,
  TextStatus,
  TextType,
  type EnumDef,
} from '@canvass/domain';

/** A database enum with the domain enum's values; columns keep the domain's literal union as their type. */
function enumOf<V extends string>(name: string, def: EnumDef<V>) {
  return pgEnum(name, def.values as [V, ...V[]]);
}

export const clientStatusEnum = enumOf('client_status', ClientStatus);
export const clientTypeEnum = enumOf('client_type', ClientType);
export const providerEnum = enumOf('provider', Provider);
export const providerConfigurationTypeEnum = enumOf('provider_configuration_type', ProviderConfigurationType);
export const campaignTypeEnum = enumOf('campaign_type', CampaignType);
export const phoneStatusEnum = enumOf('phone_status', PhoneStatus);
export const phoneTypeEnum = enumOf('phone_type', PhoneType);
export const phoneClassEnum = enumOf('phone_class', PhoneClass);
export const carrierEnum = enumOf('carrier', Carrier);
export const lineTypeEnum = enumOf('line_type', LineType);
export const listStatusEnum = enumOf('list_status', ListStatus);
export const rowStatusEnum = enumOf('row_status', RowStatus);
export const listColumnRoleEnum = enumOf('list_column_role', ListColumnRole);
export const listFilterTypeEnum = enumOf('list_filter_type', ListFilterType);
export const optOutTypeEnum = enumOf('opt_out_type', OptOutType);
export const messagingServiceTypeEnum = enumOf('messaging_service_type', MessagingServiceType);
export const projectStatusEnum = enumOf('project_status', ProjectStatus);
export const projectCreationStepEnum = enumOf('project_creation_step', ProjectCreationStep);
export const projectTypeEnum = enumOf('project_type', ProjectType);
export const deliveryTypeEnum = enumOf('delivery_type', DeliveryType);
export const sendingTypeEnum = enumOf('sending_type', SendingType);
export const pricingTypeEnum = enumOf('pricing_type', PricingType);
export const mediaPositionEnum = enumOf('media_position', MediaPosition);
export const areaCodeSelectionEnum = enumOf('area_code_selection', AreaCodeSelection);
export const projectTexterStatusEnum = enumOf('project_texter_status', ProjectTexterStatus);
export const teamStatusEnum = enumOf('team_status', TeamStatus);
export const textStatusEnum = enumOf('text_status', TextStatus);
export const textTypeEnum = enumOf('text_type', TextType);
export const collectionTypeEnum = enumOf('collection_type', CollectionType);
export const backgroundTaskStatusEnum = enumOf('background_task_status', BackgroundTaskStatus);
