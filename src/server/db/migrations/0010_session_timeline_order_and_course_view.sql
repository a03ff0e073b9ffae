ALTER TABLE "booking_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
-- Courses carry their cancellation window and archive state to every reader of the view (issue 13).
DROP VIEW courses_with_bookings;--> statement-breakpoint
CREATE VIEW courses_with_bookings AS
  SELECT c.id, c.shark_id, c.title, c.course_code, c.description, c.duration, c.price, c.image,
         c.enrollment_form_url, c.required_devices, c.required_knowledge, c.created_at,
         b.booking_count::int AS booking_count, b.enrolled_count::int AS enrolled_count,
         c.cancellation_hours, c.archived_at
  FROM courses c
  CROSS JOIN LATERAL (
    SELECT count(*) AS booking_count, count(DISTINCT bk.user_id) AS enrolled_count
    FROM course_bookings bk WHERE bk.course_id = c.id
  ) b;
