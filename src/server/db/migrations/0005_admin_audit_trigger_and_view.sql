-- Decision 032. The audit log is append-only: no UPDATE, no DELETE, whoever asks (TRUNCATE by the test
-- harness's reset stays possible: it is not a row change).
CREATE OR REPLACE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only();
--> statement-breakpoint
-- Applications were 'new' or 'reviewed' (never set); the decisions are now approved or rejected.
UPDATE shark_applications SET status = 'new' WHERE status = 'reviewed';
--> statement-breakpoint
CREATE INDEX shark_credentials_verified_idx ON shark_credentials (shark_id) WHERE status = 'verified';
--> statement-breakpoint
-- A suspended owner's profile reads as unpublished everywhere the view is used (the catalogue filters on
-- `published`, and `s.published AND ...` still matches the partial indexes WHERE published). The count of
-- verified credentials joins the end of the column list.
CREATE OR REPLACE VIEW sharks_with_meta AS
  SELECT s.id, s.user_id, s.name, s.code_name, s.specialization, s.experience, s.bio, s.photo_url,
         (s.published AND NOT EXISTS (
           SELECT 1 FROM users u WHERE u.id = s.user_id AND u.suspended_at IS NOT NULL
         )) AS published,
         s.student_count, s.avg_rating, s.review_count, s.min_price,
         (SELECT count(*)::int FROM shark_credentials c
           WHERE c.shark_id = s.id AND c.status = 'verified') AS verified_credentials
  FROM sharks s;
