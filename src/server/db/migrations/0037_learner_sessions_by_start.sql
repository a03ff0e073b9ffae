-- Issue 28: a learner's session lists (the overview's previews, /user/bookings' pages) read the first rows of a
-- group in start order from this index instead of sorting every session joined with its course.
CREATE INDEX "course_bookings_user_starts_idx" ON "course_bookings" USING btree ("user_id","starts_at");