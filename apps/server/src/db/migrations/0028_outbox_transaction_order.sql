-- The events pull API pages by the writing transaction's id, then the event's id, instead of by
-- the id alone under a per-tenant advisory lock (pg_advisory_xact_lock(7017, tenant) held to the
-- commit serialised every event-writing transaction of a tenant, WAL flush included: 12 ms of
-- waiting per write under the soak, on pool connections the grids' reads then waited for). An
-- event is listed once every transaction older than its own has ended, so none can appear behind
-- a reader's cursor; the reasoning is at the query (integration-events.service.ts, listAfter).
--
-- The events already written take xid 0 through a constant default (no table rewrite): below
-- every real transaction id (3 and up), so they keep their id order among themselves and come
-- before every new event; an old numeric cursor (an id) continues from (0, id). New rows then get
-- their own transaction's id.
ALTER TABLE "integration_events" ADD COLUMN "xid" xid8 DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_events" ALTER COLUMN "xid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
DROP INDEX "integration_events_tenant";--> statement-breakpoint
CREATE INDEX "integration_events_tenant_xid" ON "integration_events" USING btree ("tenant_id","xid","id");
