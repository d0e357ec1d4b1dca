CREATE TYPE "public"."area_code_selection" AS ENUM('MatchingAreaCode', 'MostCommonAreaCode');--> statement-breakpoint
CREATE TYPE "public"."background_task_status" AS ENUM('Queued', 'Running', 'Done', 'Failed');--> statement-breakpoint
CREATE TYPE "public"."campaign_type" AS ENUM('Registered', 'Unregistered');--> statement-breakpoint
CREATE TYPE "public"."carrier" AS ENUM('Bandwidth', 'Copaco', 'Decantr', 'RedCloud', 'Telucom', 'Twilio', 'Client', 'Landline', 'Mobile', 'Unknown', 'VOIP');--> statement-breakpoint
CREATE TYPE "public"."client_status" AS ENUM('Active', 'Inactive', 'Prospect');--> statement-breakpoint
CREATE TYPE "public"."client_type" AS ENUM('Agency', 'Campaign', 'Government', 'Other', 'PoliticalActionCommittee', 'PublicAffairs', 'Researcher');--> statement-breakpoint
CREATE TYPE "public"."collection_type" AS ENUM('Collection', 'Compensation', 'Transfer');--> statement-breakpoint
CREATE TYPE "public"."delivery_type" AS ENUM('Blast', 'External', 'Internal');--> statement-breakpoint
CREATE TYPE "public"."list_filter_type" AS ENUM('Carrier', 'ClientOptOut', 'DoNotContact', 'Invalid', 'Landline', 'OrganizationOptOut', 'State');--> statement-breakpoint
CREATE TYPE "public"."list_status" AS ENUM('AwaitingDelete', 'AwaitingLoad', 'Loaded', 'Loading', 'LoadingPhones', 'Setup', 'Submitted', 'Error', 'ErrorApp', 'ErrorDBError', 'ErrorFileNotFound', 'ErrorLoadingPhones', 'ErrorMultipleLastNamesSelected', 'ErrorMultipleNamesSelected', 'ErrorMultiplePhoneNumbersSelected', 'ErrorSheetExceedsMaxColumns', 'ErrorSheetIncludesInvalidData', 'ErrorSheetIsInUseByAProject', 'ErrorSignInWithGoogle', 'ErrorTheFileIsNotASheet', 'ErrorUnableToAccessTheSheet', 'ErrorUnableToProcessTheFile', 'ErrorUnableToSelectAPhoneNumber');--> statement-breakpoint
CREATE TYPE "public"."media_position" AS ENUM('After', 'Before', 'NoPreference');--> statement-breakpoint
CREATE TYPE "public"."messaging_service_type" AS ENUM('SMS', 'MMS');--> statement-breakpoint
CREATE TYPE "public"."opt_out_type" AS ENUM('Provider', 'Recipient', 'Manual');--> statement-breakpoint
CREATE TYPE "public"."phone_class" AS ENUM('Provider', 'Recipient');--> statement-breakpoint
CREATE TYPE "public"."phone_status" AS ENUM('APIVerified', 'Active', 'AwaitingAPIRelease', 'AwaitingAPIVerify', 'AwaitingMMSVerify', 'AwaitingSMSVerify', 'Blocked', 'Burned', 'CampaignMismatch', 'FromPhone', 'Incorrect', 'Invalid', 'Pending', 'Released', 'ToPhone', 'Unconfirmed', 'Valid');--> statement-breakpoint
CREATE TYPE "public"."phone_type" AS ENUM('ClientPhone', 'FromPhone', 'ToPhone');--> statement-breakpoint
CREATE TYPE "public"."pricing_type" AS ENUM('Blended', 'Optimized');--> statement-breakpoint
CREATE TYPE "public"."project_creation_step" AS ENUM('BasicInfo', 'Message', 'Sender', 'SendingSchedule', 'Setup', 'Summary', 'Texters');--> statement-breakpoint
CREATE TYPE "public"."project_status" AS ENUM('Active', 'Approved', 'Assigned', 'AwaitingLoad', 'AwaitingUnload', 'Cancelled', 'Complete', 'Error', 'ErrorLoading', 'ErrorLoadingWork', 'Late', 'Live', 'Loading', 'LoadingWork', 'Queued', 'Ready', 'Sending', 'Setup', 'Submitted', 'Unloading');--> statement-breakpoint
CREATE TYPE "public"."project_texter_status" AS ENUM('Active', 'Inactive');--> statement-breakpoint
CREATE TYPE "public"."project_type" AS ENUM('FundRaising', 'GetOutToVote', 'OfficialBusiness', 'Research', 'VoterContact');--> statement-breakpoint
CREATE TYPE "public"."provider_configuration_type" AS ENUM('Custom', 'Organization', 'Platform');--> statement-breakpoint
CREATE TYPE "public"."provider" AS ENUM('Bandwidth', 'Copaco', 'Decantr', 'RedCloud', 'Telucom', 'Twilio');--> statement-breakpoint
CREATE TYPE "public"."sending_type" AS ENUM('Auto', 'Manual');--> statement-breakpoint
CREATE TYPE "public"."team_status" AS ENUM('Active', 'Inactive');--> statement-breakpoint
CREATE TYPE "public"."text_status" AS ENUM('Active', 'Clicked', 'Delivered', 'Early', 'Error', 'Expired', 'Failed', 'Late', 'MediaSize', 'NumberFormat', 'Preparing', 'Queued', 'RateLimited', 'Ready', 'Received', 'Rejected', 'Sending', 'Sent', 'Spam', 'Undelivered', 'UpdateFailed');--> statement-breakpoint
CREATE TYPE "public"."text_type" AS ENUM('Inbox', 'List', 'Manual', 'Reply', 'Seed', 'Test');--> statement-breakpoint
CREATE TYPE "public"."notification_channel" AS ENUM('Email', 'SMS', 'Slack');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('Admin', 'Client', 'TeamLead', 'Texter', 'Agency', 'Manager');--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"uuid" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"refresh_token_hash" text NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "background_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "background_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" "background_task_status" DEFAULT 'Queued' NOT NULL,
	"user_id" bigint,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error_message" text,
	"file_path" text,
	"filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "brands" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"provider" "provider" NOT NULL,
	"throughput" integer NOT NULL,
	"code" text,
	"color" text,
	"client_id" bigint,
	"provider_configuration_type" "provider_configuration_type" DEFAULT 'Organization' NOT NULL,
	"provider_configuration_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"campaign_type" "campaign_type" DEFAULT 'Registered' NOT NULL,
	"client_id" bigint,
	"brand_id" bigint NOT NULL,
	"start_date" date,
	"end_date" date,
	"can_buy_more_phones" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "clients" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"email" text,
	"website" text,
	"phone" varchar(10),
	"slug" text,
	"color" text,
	"slogan" text,
	"state" varchar(2),
	"client_type" "client_type" NOT NULL,
	"client_status" "client_status" DEFAULT 'Active' NOT NULL,
	"agency_id" bigint,
	"media_url" text,
	"opt_out_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "collections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"collection_type" "collection_type" NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"fee" numeric(14, 2),
	"collection_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "data_import_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_import_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"resource" text,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_import_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "data_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"resource" text,
	"template_id" bigint,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "background_task_status",
	"background_task_id" bigint,
	"file_path" text,
	"filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discussion_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discussion_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"client_id" bigint,
	"project_id" bigint,
	"user_id" bigint,
	"kind" text DEFAULT 'comment' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_entries_has_subject" CHECK (num_nonnulls("discussion_entries"."client_id", "discussion_entries"."project_id") >= 1)
);
--> statement-breakpoint
ALTER TABLE "discussion_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" bigint,
	"list_id" bigint,
	"phone_id" bigint,
	"project_id" bigint,
	"team_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_target_key" UNIQUE NULLS NOT DISTINCT("organization_id","user_id","client_id","list_id","phone_id","project_id","team_id"),
	CONSTRAINT "favorites_one_target" CHECK (num_nonnulls("favorites"."client_id", "favorites"."list_id", "favorites"."phone_id", "favorites"."project_id", "favorites"."team_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "favorites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "list_filters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "list_filters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"client_id" bigint,
	"project_id" bigint,
	"list_filter_type" "list_filter_type" NOT NULL,
	"carrier" "carrier",
	"state" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_filters_one_scope" CHECK (num_nonnulls("list_filters"."client_id", "list_filters"."project_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "list_filters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"google_sheet_key" text NOT NULL,
	"list_status" "list_status" DEFAULT 'Setup' NOT NULL,
	"last_loaded_at" timestamp with time zone,
	"rows_count" integer DEFAULT 0 NOT NULL,
	"optimized_rows_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"list_id" bigint NOT NULL,
	"sheet_id" bigint,
	"to_phone_number" text,
	"first_name" text,
	"last_name" text,
	"column_one" text,
	"column_two" text,
	"column_three" text,
	"column_four" text,
	"column_five" text,
	"column_six" text,
	"column_seven" text,
	"column_eight" text,
	"column_nine" text,
	"column_ten" text,
	"column_eleven" text,
	"column_twelve" text,
	"column_thirteen" text,
	"column_fourteen" text,
	"column_fifteen" text,
	"column_sixteen" text,
	"column_seventeen" text,
	"column_eighteen" text,
	"column_nineteen" text,
	"column_twenty" text,
	"column_twenty_one" text,
	"column_twenty_two" text,
	"column_twenty_three" text,
	"column_twenty_four" text,
	"column_twenty_five" text,
	"column_twenty_six" text,
	"column_twenty_seven" text,
	"column_twenty_eight" text,
	"column_twenty_nine" text,
	"column_thirty" text,
	"column_thirty_one" text,
	"column_thirty_two" text,
	"column_thirty_three" text,
	"column_thirty_four" text,
	"column_thirty_five" text,
	"column_thirty_six" text,
	"column_thirty_seven" text,
	"column_thirty_eight" text,
	"column_thirty_nine" text,
	"column_forty" text,
	"column_forty_one" text,
	"column_forty_two" text,
	"column_forty_three" text,
	"column_forty_four" text,
	"column_forty_five" text,
	"column_forty_six" text,
	"column_forty_seven" text,
	"column_forty_eight" text,
	"column_forty_nine" text,
	"column_fifty" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sheets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sheets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"list_id" bigint NOT NULL,
	"name" text NOT NULL,
	"header_row" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sheets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opt_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"phone_id" bigint NOT NULL,
	"client_id" bigint,
	"text_id" bigint,
	"opt_out_type" "opt_out_type" NOT NULL,
	"body" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_phone_client_key" UNIQUE NULLS NOT DISTINCT("organization_id","phone_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "opt_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_domains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "provider_colors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_colors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"provider" "provider" NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_colors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "provider_configuration_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_configuration_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"provider_configuration_id" bigint NOT NULL,
	"env_key" text NOT NULL,
	"env_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_configuration_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "provider_configurations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"provider" "provider" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"type" "provider_configuration_type" DEFAULT 'Organization' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_configurations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "text_defaults" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "text_defaults_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "text_defaults" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"logotype_url" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "phones" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"number" varchar(10) NOT NULL,
	"phone_status" "phone_status" NOT NULL,
	"phone_type" "phone_type" NOT NULL,
	"phone_class" "phone_class",
	"description" text,
	"campaign_id" bigint,
	"client_id" bigint,
	"user_id" bigint,
	"do_not_contact" boolean DEFAULT false NOT NULL,
	"state" varchar(2),
	"carrier" "carrier",
	"network" text,
	"operating_company_id" text,
	"first_name" text,
	"last_name" text,
	"validated_at" timestamp with time zone,
	"short_code" text,
	"provider" "provider",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phones" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"is_sent" boolean NOT NULL,
	"campaign_type" "campaign_type" NOT NULL,
	"messaging_service_type" "messaging_service_type" NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"project_id" bigint,
	"client_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prices_one_scope" CHECK (num_nonnulls("prices"."client_id", "prices"."project_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_phones" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_phones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"phone_id" bigint NOT NULL,
	"campaign_id" bigint,
	"area_code" varchar(3),
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_phones" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "project_texters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_texters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"quota" integer,
	"status" "project_texter_status" DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_texters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"message" text NOT NULL,
	"note" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"project_status" "project_status" DEFAULT 'Submitted' NOT NULL,
	"project_type" "project_type" NOT NULL,
	"campaign_type" "campaign_type" DEFAULT 'Registered' NOT NULL,
	"delivery_type" "delivery_type" DEFAULT 'External' NOT NULL,
	"sending_type" "sending_type" DEFAULT 'Auto' NOT NULL,
	"area_code_selection" "area_code_selection" DEFAULT 'MostCommonAreaCode' NOT NULL,
	"pricing_type" "pricing_type" DEFAULT 'Blended' NOT NULL,
	"media_position" "media_position" DEFAULT 'NoPreference' NOT NULL,
	"media_url" text,
	"media_filename" text,
	"media_filetype" text,
	"media_size" integer,
	"is_paused" boolean DEFAULT false NOT NULL,
	"client_id" bigint NOT NULL,
	"manager_id" bigint NOT NULL,
	"agency_id" bigint,
	"state" varchar(2),
	"time_zone" text,
	"list_id" bigint,
	"current_step" "project_creation_step",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shortened_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shortened_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"original_link" text NOT NULL,
	"short_code" text,
	"generated_short_code" text NOT NULL,
	"custom_domain_id" bigint,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"times_clicked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shortened_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "team_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "teams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"team_status" "team_status" DEFAULT 'Active' NOT NULL,
	"media_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "texts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "texts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"body" text NOT NULL,
	"rendered_message" text,
	"text_status" text_status DEFAULT 'Ready' NOT NULL,
	"text_type" text_type NOT NULL,
	"messaging_service_type" "messaging_service_type" DEFAULT 'SMS' NOT NULL,
	"sent_at" timestamp with time zone,
	"error_message" text,
	"tracking_id" text,
	"from_phone_id" bigint,
	"to_phone_id" bigint,
	"texter_id" bigint,
	"project_id" bigint,
	"is_send_text" boolean DEFAULT false NOT NULL,
	"provider" "provider",
	"provider_message_id" text,
	"segments" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "texts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "organization_users" (
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" "role" NOT NULL,
	"team_id" bigint,
	"client_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_users_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organization_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "restrictions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"role" "role" NOT NULL,
	"resource" text NOT NULL,
	"operations" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restrictions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"username" text,
	"email" text NOT NULL,
	"password_hash" text,
	"current_organization_id" bigint,
	"google_email_address" text,
	"google_refresh_token" text,
	"oidc_subject" text,
	"media_url" text,
	"notification_channel" "notification_channel",
	"locked_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" "provider" NOT NULL,
	"event_id" text NOT NULL,
	"signature_valid" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "work_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"work_id" bigint NOT NULL,
	"text_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "works" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "works_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"project_id" bigint,
	"status" "background_task_status" DEFAULT 'Queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"errors" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "works" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_tasks" ADD CONSTRAINT "background_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_agency_id_clients_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_import_templates" ADD CONSTRAINT "data_import_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_template_id_data_import_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."data_import_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_background_task_id_background_tasks_id_fk" FOREIGN KEY ("background_task_id") REFERENCES "public"."background_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_entries" ADD CONSTRAINT "discussion_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_entries" ADD CONSTRAINT "discussion_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_entries" ADD CONSTRAINT "discussion_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_entries" ADD CONSTRAINT "discussion_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_filters" ADD CONSTRAINT "list_filters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rows" ADD CONSTRAINT "rows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rows" ADD CONSTRAINT "rows_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rows" ADD CONSTRAINT "rows_sheet_id_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheets" ADD CONSTRAINT "sheets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheets" ADD CONSTRAINT "sheets_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_colors" ADD CONSTRAINT "provider_colors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_configuration_values" ADD CONSTRAINT "provider_configuration_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_configuration_values" ADD CONSTRAINT "provider_configuration_values_provider_configuration_id_provider_configurations_id_fk" FOREIGN KEY ("provider_configuration_id") REFERENCES "public"."provider_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_configurations" ADD CONSTRAINT "provider_configurations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_defaults" ADD CONSTRAINT "text_defaults_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phones" ADD CONSTRAINT "project_phones_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phones" ADD CONSTRAINT "project_phones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phones" ADD CONSTRAINT "project_phones_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phones" ADD CONSTRAINT "project_phones_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_teams" ADD CONSTRAINT "project_teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_teams" ADD CONSTRAINT "project_teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_teams" ADD CONSTRAINT "project_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_texters" ADD CONSTRAINT "project_texters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_texters" ADD CONSTRAINT "project_texters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_texters" ADD CONSTRAINT "project_texters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_agency_id_clients_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortened_links" ADD CONSTRAINT "shortened_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortened_links" ADD CONSTRAINT "shortened_links_custom_domain_id_custom_domains_id_fk" FOREIGN KEY ("custom_domain_id") REFERENCES "public"."custom_domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_users" ADD CONSTRAINT "team_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_from_phone_id_phones_id_fk" FOREIGN KEY ("from_phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_to_phone_id_phones_id_fk" FOREIGN KEY ("to_phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_texter_id_users_id_fk" FOREIGN KEY ("texter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictions" ADD CONSTRAINT "restrictions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_views" ADD CONSTRAINT "user_views_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_organization_id_organizations_id_fk" FOREIGN KEY ("current_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_items" ADD CONSTRAINT "work_items_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "public"."texts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_token_hash_key" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "background_tasks_org_user_idx" ON "background_tasks" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "background_tasks_org_status_idx" ON "background_tasks" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "brands_org_name_idx" ON "brands" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "brands_org_provider_idx" ON "brands" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE INDEX "brands_org_client_idx" ON "brands" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "brands_org_created_idx" ON "brands" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_org_name_idx" ON "campaigns" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "campaigns_org_type_idx" ON "campaigns" USING btree ("organization_id","campaign_type");--> statement-breakpoint
CREATE INDEX "campaigns_org_client_idx" ON "campaigns" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "campaigns_org_brand_idx" ON "campaigns" USING btree ("organization_id","brand_id");--> statement-breakpoint
CREATE INDEX "campaigns_org_created_idx" ON "campaigns" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_slug_key" ON "clients" USING btree (lower("slug")) WHERE "clients"."slug" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_org_name_idx" ON "clients" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "clients_org_status_idx" ON "clients" USING btree ("organization_id","client_status");--> statement-breakpoint
CREATE INDEX "clients_org_type_idx" ON "clients" USING btree ("organization_id","client_type");--> statement-breakpoint
CREATE INDEX "clients_org_agency_idx" ON "clients" USING btree ("organization_id","agency_id");--> statement-breakpoint
CREATE INDEX "clients_org_created_idx" ON "clients" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "collections_org_date_idx" ON "collections" USING btree ("organization_id","collection_date");--> statement-breakpoint
CREATE INDEX "collections_org_created_idx" ON "collections" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_import_templates_org_name_idx" ON "data_import_templates" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "data_imports_org_name_idx" ON "data_imports" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "data_imports_org_created_idx" ON "data_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_entries_org_client_idx" ON "discussion_entries" USING btree ("organization_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "discussion_entries_org_project_idx" ON "discussion_entries" USING btree ("organization_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "list_filters_org_client_idx" ON "list_filters" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "list_filters_org_project_idx" ON "list_filters" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE INDEX "lists_org_name_idx" ON "lists" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "lists_org_status_idx" ON "lists" USING btree ("organization_id","list_status");--> statement-breakpoint
CREATE INDEX "lists_org_created_idx" ON "lists" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "rows_org_list_idx" ON "rows" USING btree ("organization_id","list_id","id");--> statement-breakpoint
CREATE INDEX "rows_org_sheet_idx" ON "rows" USING btree ("organization_id","sheet_id");--> statement-breakpoint
CREATE INDEX "rows_org_list_phone_idx" ON "rows" USING btree ("organization_id","list_id","to_phone_number");--> statement-breakpoint
CREATE INDEX "sheets_org_list_idx" ON "sheets" USING btree ("organization_id","list_id");--> statement-breakpoint
CREATE INDEX "opt_outs_org_client_idx" ON "opt_outs" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "opt_outs_org_text_idx" ON "opt_outs" USING btree ("organization_id","text_id");--> statement-breakpoint
CREATE INDEX "opt_outs_org_created_idx" ON "opt_outs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_domain_key" ON "custom_domains" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "custom_domains_org_idx" ON "custom_domains" USING btree ("organization_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_colors_provider_key" ON "provider_colors" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_configuration_values_key" ON "provider_configuration_values" USING btree ("organization_id","provider_configuration_id","env_key");--> statement-breakpoint
CREATE INDEX "provider_configurations_org_provider_idx" ON "provider_configurations" USING btree ("organization_id","provider");--> statement-breakpoint
CREATE INDEX "provider_configurations_org_name_idx" ON "provider_configurations" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "text_defaults_field_key" ON "text_defaults" USING btree ("organization_id","field");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_domain_key" ON "organizations" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "phones_org_number_type_key" ON "phones" USING btree ("organization_id","number","phone_type");--> statement-breakpoint
CREATE INDEX "phones_sender_number_idx" ON "phones" USING btree ("number") WHERE "phones"."phone_type" = 'FromPhone';--> statement-breakpoint
CREATE INDEX "phones_org_status_idx" ON "phones" USING btree ("organization_id","phone_status");--> statement-breakpoint
CREATE INDEX "phones_org_type_created_idx" ON "phones" USING btree ("organization_id","phone_type","created_at");--> statement-breakpoint
CREATE INDEX "phones_org_campaign_idx" ON "phones" USING btree ("organization_id","campaign_id");--> statement-breakpoint
CREATE INDEX "phones_org_client_idx" ON "phones" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "phones_org_user_idx" ON "phones" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "prices_org_start_idx" ON "prices" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "prices_org_client_idx" ON "prices" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "prices_org_project_idx" ON "prices" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phones_project_phone_key" ON "project_phones" USING btree ("organization_id","project_id","phone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phones_one_primary_key" ON "project_phones" USING btree ("organization_id","project_id") WHERE "project_phones"."is_primary";--> statement-breakpoint
CREATE INDEX "project_phones_org_phone_idx" ON "project_phones" USING btree ("organization_id","phone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_teams_project_team_key" ON "project_teams" USING btree ("organization_id","project_id","team_id");--> statement-breakpoint
CREATE INDEX "project_teams_org_team_idx" ON "project_teams" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_texters_project_user_key" ON "project_texters" USING btree ("organization_id","project_id","user_id");--> statement-breakpoint
CREATE INDEX "project_texters_org_user_idx" ON "project_texters" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "projects_org_name_idx" ON "projects" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "projects_org_status_idx" ON "projects" USING btree ("organization_id","project_status");--> statement-breakpoint
CREATE INDEX "projects_org_created_idx" ON "projects" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_org_start_idx" ON "projects" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "projects_org_client_idx" ON "projects" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "projects_org_agency_idx" ON "projects" USING btree ("organization_id","agency_id");--> statement-breakpoint
CREATE INDEX "projects_org_manager_idx" ON "projects" USING btree ("organization_id","manager_id");--> statement-breakpoint
CREATE INDEX "projects_org_list_idx" ON "projects" USING btree ("organization_id","list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shortened_links_generated_short_code_key" ON "shortened_links" USING btree ("generated_short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shortened_links_domain_short_code_key" ON "shortened_links" USING btree ("organization_id","custom_domain_id","short_code") WHERE "shortened_links"."short_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shortened_links_org_created_idx" ON "shortened_links" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_users_team_user_key" ON "team_users" USING btree ("organization_id","team_id","user_id");--> statement-breakpoint
CREATE INDEX "team_users_org_user_idx" ON "team_users" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "teams_org_name_idx" ON "teams" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "teams_org_status_idx" ON "teams" USING btree ("organization_id","team_status");--> statement-breakpoint
CREATE INDEX "teams_org_created_idx" ON "teams" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "texts_provider_message_key" ON "texts" USING btree ("organization_id","provider","provider_message_id") WHERE "texts"."provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "texts_org_project_status_idx" ON "texts" USING btree ("organization_id","project_id","text_status");--> statement-breakpoint
CREATE INDEX "texts_org_to_phone_idx" ON "texts" USING btree ("organization_id","to_phone_id");--> statement-breakpoint
CREATE INDEX "texts_org_from_phone_idx" ON "texts" USING btree ("organization_id","from_phone_id");--> statement-breakpoint
CREATE INDEX "texts_org_texter_status_idx" ON "texts" USING btree ("organization_id","texter_id","text_status");--> statement-breakpoint
CREATE INDEX "texts_org_created_idx" ON "texts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "texts_org_sent_idx" ON "texts" USING btree ("organization_id","sent_at");--> statement-breakpoint
CREATE INDEX "organization_users_user_idx" ON "organization_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organization_users_org_team_idx" ON "organization_users" USING btree ("organization_id","team_id");--> statement-breakpoint
CREATE INDEX "organization_users_org_client_idx" ON "organization_users" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "restrictions_role_resource_key" ON "restrictions" USING btree ("organization_id","role","resource");--> statement-breakpoint
CREATE UNIQUE INDEX "user_views_user_client_key" ON "user_views" USING btree ("organization_id","user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "users" USING btree ("oidc_subject");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_event_key" ON "webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_items_work_position_key" ON "work_items" USING btree ("organization_id","work_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "work_items_work_text_key" ON "work_items" USING btree ("organization_id","work_id","text_id");--> statement-breakpoint
CREATE INDEX "work_items_org_text_idx" ON "work_items" USING btree ("organization_id","text_id");--> statement-breakpoint
CREATE INDEX "works_org_user_idx" ON "works" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "works_org_project_idx" ON "works" USING btree ("organization_id","project_id");--> statement-breakpoint
CREATE POLICY "background_tasks_tenant_isolation" ON "background_tasks" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "brands_tenant_isolation" ON "brands" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "campaigns_tenant_isolation" ON "campaigns" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "clients_tenant_isolation" ON "clients" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "collections_tenant_isolation" ON "collections" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "data_import_templates_tenant_isolation" ON "data_import_templates" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "data_imports_tenant_isolation" ON "data_imports" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "discussion_entries_tenant_isolation" ON "discussion_entries" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "favorites_tenant_isolation" ON "favorites" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "list_filters_tenant_isolation" ON "list_filters" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "lists_tenant_isolation" ON "lists" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "rows_tenant_isolation" ON "rows" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "sheets_tenant_isolation" ON "sheets" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "opt_outs_tenant_isolation" ON "opt_outs" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "custom_domains_tenant_isolation" ON "custom_domains" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "provider_colors_tenant_isolation" ON "provider_colors" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "provider_configuration_values_tenant_isolation" ON "provider_configuration_values" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "provider_configurations_tenant_isolation" ON "provider_configurations" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "text_defaults_tenant_isolation" ON "text_defaults" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "organizations_tenant_isolation" ON "organizations" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "phones_tenant_isolation" ON "phones" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "prices_tenant_isolation" ON "prices" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_phones_tenant_isolation" ON "project_phones" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_teams_tenant_isolation" ON "project_teams" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "project_texters_tenant_isolation" ON "project_texters" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "projects_tenant_isolation" ON "projects" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "shortened_links_tenant_isolation" ON "shortened_links" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "team_users_tenant_isolation" ON "team_users" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "teams_tenant_isolation" ON "teams" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "texts_tenant_isolation" ON "texts" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "organization_users_tenant_isolation" ON "organization_users" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "restrictions_tenant_isolation" ON "restrictions" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "user_views_tenant_isolation" ON "user_views" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "users_visible" ON "users" AS PERMISSIVE FOR ALL TO "canvass_app" USING (current_setting('app.system', true) = 'on' OR id = nullif(current_setting('app.user_id', true), '')::bigint OR EXISTS (SELECT 1 FROM organization_users ou WHERE ou.user_id = users.id AND ou.organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[])));--> statement-breakpoint
CREATE POLICY "work_items_tenant_isolation" ON "work_items" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));--> statement-breakpoint
CREATE POLICY "works_tenant_isolation" ON "works" AS PERMISSIVE FOR ALL TO "canvass_app" USING ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')) WITH CHECK ((organization_id = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on'));