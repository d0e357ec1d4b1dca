ALTER TABLE "opt_out_changes" ALTER COLUMN "number" SET DATA TYPE varchar(10) COLLATE "C";--> statement-breakpoint
ALTER TABLE "opt_outs" ALTER COLUMN "number" SET DATA TYPE varchar(10) COLLATE "C";--> statement-breakpoint
ALTER TABLE "phones" ALTER COLUMN "number" SET DATA TYPE varchar(10) COLLATE "C";