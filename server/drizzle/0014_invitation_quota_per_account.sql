-- Issue 31: the per-account invitation quota counts one person's sendings in the last 24 hours.
CREATE INDEX IF NOT EXISTS "audit_log_invitations_by_actor_idx" ON "audit_log" USING btree ("actor_id","at") WHERE "audit_log"."action" in ('member.invited', 'member.invitation_resent');
