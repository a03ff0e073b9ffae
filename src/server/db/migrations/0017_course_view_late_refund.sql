-- Courses carry the shark's late-cancellation refund (0 or 50 percent) to every reader of the view (issue 23):
-- the shark's own course list and the public profile's courses. The new column goes last, so the view is
-- replaced in place.
CREATE OR REPLACE VIEW courses_with_bookings AS
  SELECT c.id, c.shark_id, c.title, c.course_code, c.description, c.duration, c.price, c.image,
         c.enrollment_form_url, c.required_devices, c.required_knowledge, c.created_at,
         b.booking_count::int AS booking_count, b.enrolled_count::int AS enrolled_count,
         c.cancellation_hours, c.archived_at, c.late_cancellation_refund
  FROM courses c
  CROSS JOIN LATERAL (
    SELECT count(*) AS booking_count, count(DISTINCT bk.user_id) AS enrolled_count
    FROM course_bookings bk WHERE bk.course_id = c.id
  ) b;
