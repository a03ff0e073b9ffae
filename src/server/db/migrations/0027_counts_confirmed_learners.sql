-- Hand-written (issue 25, decision 160): a shark's "Students" and a course's "Enrolled" count distinct learners
-- with a confirmed or completed session. A request, a declined, expired or cancelled booking and a no-show do
-- not count; a learner with several sessions counts once. Before, every booking counted, so a mere request
-- raised the numbers and a cancelled one kept them up.
CREATE OR REPLACE FUNCTION refresh_shark_meta(p_shark uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sharks WHERE id = p_shark FOR UPDATE;
  UPDATE sharks s SET
    student_count = (SELECT count(DISTINCT b.user_id) FROM course_bookings b JOIN courses c ON c.id = b.course_id
                     WHERE c.shark_id = p_shark AND b.status IN ('confirmed', 'completed')),
    avg_rating = r.avg,
    review_count = r.n,
    rating_score = r.score,
    min_price = (SELECT min(c.price) FROM courses c WHERE c.shark_id = p_shark)
  FROM (
    SELECT round(avg(rating), 2) AS avg, count(*)::int AS n,
           CASE WHEN count(*) = 0 THEN NULL ELSE round((5 * 4.0 + sum(rating)) / (5 + count(*)), 4) END AS score
    FROM reviews WHERE shark_id = p_shark AND hidden_at IS NULL
  ) r
  WHERE s.id = p_shark;
END $$;
--> statement-breakpoint
-- Only what changes the count fires it: a booking made or deleted, its status, its course or its learner (a
-- deleted account sets user_id to null). Reminders, messages and notes no longer lock the shark's row.
DROP TRIGGER IF EXISTS course_bookings_meta ON course_bookings;
--> statement-breakpoint
CREATE TRIGGER course_bookings_meta AFTER INSERT OR UPDATE OF status, course_id, user_id OR DELETE ON course_bookings
  FOR EACH ROW EXECUTE FUNCTION course_bookings_meta_trigger();
--> statement-breakpoint
CREATE OR REPLACE VIEW courses_with_bookings AS
  SELECT c.id, c.shark_id, c.title, c.course_code, c.description, c.duration, c.price, c.image,
         c.enrollment_form_url, c.required_devices, c.required_knowledge, c.created_at,
         b.booking_count::int AS booking_count, b.enrolled_count::int AS enrolled_count,
         c.cancellation_hours, c.archived_at, c.late_cancellation_refund
  FROM courses c
  CROSS JOIN LATERAL (
    SELECT count(*) AS booking_count,
           count(DISTINCT bk.user_id) FILTER (WHERE bk.status IN ('confirmed', 'completed')) AS enrolled_count
    FROM course_bookings bk WHERE bk.course_id = c.id
  ) b;
--> statement-breakpoint
-- Existing rows: every shark's count again under the new rule.
UPDATE sharks s SET student_count = coalesce(
  (SELECT count(DISTINCT b.user_id) FROM course_bookings b JOIN courses c ON c.id = b.course_id
   WHERE c.shark_id = s.id AND b.status IN ('confirmed', 'completed')), 0);
