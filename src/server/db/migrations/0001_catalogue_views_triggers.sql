-- Catalogue: roles, checks, the two views, trigram search, sort indexes and the triggers that keep
-- each shark's student_count / avg_rating / review_count / min_price current.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
INSERT INTO roles (role_name) VALUES ('user'), ('shark'), ('freelancer'), ('admin') ON CONFLICT (role_name) DO NOTHING;
--> statement-breakpoint
ALTER TABLE sharks ADD CONSTRAINT sharks_specialization_check
  CHECK (specialization IN ('pentesting', 'red_teaming', 'cloud_security', 'forensics'));
--> statement-breakpoint
ALTER TABLE courses ADD CONSTRAINT courses_price_check CHECK (price >= 0);
--> statement-breakpoint
ALTER TABLE courses ADD CONSTRAINT courses_duration_check CHECK (duration > 0);
--> statement-breakpoint
ALTER TABLE course_bookings ADD CONSTRAINT course_bookings_total_check CHECK (total_price >= 0);
--> statement-breakpoint
-- Only published sharks are listed; each sort reads one of these in order and stops after a page.
CREATE INDEX sharks_pub_rating_idx ON sharks (avg_rating DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_experience_idx ON sharks (experience DESC, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_students_idx ON sharks (student_count DESC, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_price_low_idx ON sharks (min_price ASC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_price_high_idx ON sharks (min_price DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_rating_idx ON sharks (specialization, avg_rating DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_experience_idx ON sharks (specialization, experience DESC, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_students_idx ON sharks (specialization, student_count DESC, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_price_low_idx ON sharks (specialization, min_price ASC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_pub_spec_price_high_idx ON sharks (specialization, min_price DESC NULLS LAST, name, id) WHERE published;
--> statement-breakpoint
CREATE INDEX sharks_name_trgm_idx ON sharks USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX sharks_bio_trgm_idx ON sharks USING gin (bio gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX course_bookings_preferred_date_idx ON course_bookings (preferred_date);
--> statement-breakpoint
CREATE INDEX shark_ratings_shark_id_idx ON shark_ratings (shark_id);
--> statement-breakpoint
CREATE INDEX review_notify_requests_shark_id_idx ON review_notify_requests (shark_id);
--> statement-breakpoint
CREATE INDEX shark_applications_created_at_idx ON shark_applications (created_at DESC);
--> statement-breakpoint
CREATE INDEX contact_messages_created_at_idx ON contact_messages (created_at DESC);
--> statement-breakpoint
CREATE INDEX outbox_created_at_idx ON outbox (created_at DESC);
--> statement-breakpoint
CREATE INDEX user_roles_role_id_idx ON user_roles (role_id);
--> statement-breakpoint
CREATE INDEX shark_applications_user_id_idx ON shark_applications (user_id);
--> statement-breakpoint
-- Recomputes one shark's counters. The row lock comes first so that the counts, read by the next
-- statement with a fresh snapshot, include every concurrent writer that committed before us.
CREATE FUNCTION refresh_shark_meta(p_shark uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sharks WHERE id = p_shark FOR UPDATE;
  UPDATE sharks s SET
    student_count = (SELECT count(DISTINCT b.user_id) FROM course_bookings b JOIN courses c ON c.id = b.course_id WHERE c.shark_id = p_shark),
    avg_rating = (SELECT round(avg(r.rating), 2) FROM shark_ratings r WHERE r.shark_id = p_shark),
    review_count = (SELECT count(*) FROM shark_ratings r WHERE r.shark_id = p_shark),
    min_price = (SELECT min(c.price) FROM courses c WHERE c.shark_id = p_shark)
  WHERE s.id = p_shark;
END $$;
--> statement-breakpoint
CREATE FUNCTION course_bookings_meta_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_shark_meta((SELECT shark_id FROM courses WHERE id = NEW.course_id));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM refresh_shark_meta((SELECT shark_id FROM courses WHERE id = OLD.course_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_bookings_meta AFTER INSERT OR UPDATE OR DELETE ON course_bookings
  FOR EACH ROW EXECUTE FUNCTION course_bookings_meta_trigger();
--> statement-breakpoint
CREATE FUNCTION shark_child_meta_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM refresh_shark_meta(NEW.shark_id);
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.shark_id IS DISTINCT FROM NEW.shark_id) THEN
    PERFORM refresh_shark_meta(OLD.shark_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_meta AFTER INSERT OR UPDATE OF price, shark_id OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION shark_child_meta_trigger();
--> statement-breakpoint
CREATE TRIGGER shark_ratings_meta AFTER INSERT OR UPDATE OR DELETE ON shark_ratings
  FOR EACH ROW EXECUTE FUNCTION shark_child_meta_trigger();
--> statement-breakpoint
CREATE VIEW sharks_with_meta AS
  SELECT id, user_id, name, code_name, specialization, experience, bio, photo_url, published,
         student_count, avg_rating, review_count, min_price
  FROM sharks;
--> statement-breakpoint
CREATE VIEW courses_with_bookings AS
  SELECT c.id, c.shark_id, c.title, c.course_code, c.description, c.duration, c.price, c.image,
         c.enrollment_form_url, c.required_devices, c.required_knowledge, c.created_at,
         b.booking_count::int AS booking_count, b.enrolled_count::int AS enrolled_count
  FROM courses c
  CROSS JOIN LATERAL (
    SELECT count(*) AS booking_count, count(DISTINCT bk.user_id) AS enrolled_count
    FROM course_bookings bk WHERE bk.course_id = c.id
  ) b;
