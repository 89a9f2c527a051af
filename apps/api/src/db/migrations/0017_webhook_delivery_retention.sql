-- Webhook deliveries are kept WEBHOOK_DELIVERY_RETENTION_DAYS (30 by default) once finished, then deleted by an
-- hourly sweep (modules/webhooks/retention.ts); before, the table only grew. The sweep reads the oldest finished
-- rows first: this partial index holds just those, so a sweep with nothing to do reads one index page.
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "status" <> 'PENDING';
