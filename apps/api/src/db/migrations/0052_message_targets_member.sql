-- The card page shows the latest message a member was sent (docs/design.md §9, the message log): its targets are
-- found by member, not only by message as the send job walks them.
CREATE INDEX "message_targets_member_idx" ON "message_targets" ("tenant_id", "member_id");
