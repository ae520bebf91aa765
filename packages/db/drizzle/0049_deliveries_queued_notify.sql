-- Hand-written (docs/decisions/0063-deliveries-wake-on-queue.md): the delivery worker is woken by a
-- NOTIFY on 'deliveries_queued' when a committed write queued work for it, a webhook event or a pending
-- delivery (a rule's call, a test send, a resend), and by nothing else. A NOTIFY is sent at commit and
-- only if the transaction commits; the notifications of one transaction fold into one. The worker's own
-- deliveries (written 'sending' by the fan-out) do not wake it.
CREATE FUNCTION "notify_deliveries_queued"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('deliveries_queued', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- For each row, not statement: a statement trigger fires for an insert of no rows too, and every ticket
-- write runs one (events.ts writes the event only if an enabled subscription asks for it).
CREATE TRIGGER "webhook_events_queued" AFTER INSERT ON "webhook_events"
	FOR EACH ROW EXECUTE FUNCTION notify_deliveries_queued();
--> statement-breakpoint
CREATE TRIGGER "http_deliveries_queued" AFTER INSERT ON "http_deliveries"
	FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION notify_deliveries_queued();
