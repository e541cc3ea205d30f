CREATE TABLE "scheduled_job_runs" (
	"job_name" text NOT NULL,
	"period_key" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	"result" jsonb,
	CONSTRAINT "scheduled_job_runs_job_name_period_key_pk" PRIMARY KEY("job_name","period_key"),
	CONSTRAINT "scheduled_job_runs_status" CHECK ("scheduled_job_runs"."status" in ('RUNNING', 'DONE', 'FAILED'))
);
