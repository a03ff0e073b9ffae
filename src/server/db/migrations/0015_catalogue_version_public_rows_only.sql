-- Hand-written (decision 065, amended by decision 095; issue 21, finding 10): the catalogue's version counts only
-- writes the public catalogue can show. A write to an unpublished draft (its bio, its courses, their bookings,
-- its credentials, its owner's suspension) used to bump it too, so every draft save changed every public ETag.
-- A row is public when it is, or belongs to, a published shark; for an update or a delete the old row counts
-- too (unpublishing is a public change). The check runs at commit, like the bump, only until the transaction
-- has bumped once.
CREATE OR REPLACE FUNCTION catalogue_row_is_public(tbl text, r jsonb) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE tbl
    WHEN 'sharks' THEN coalesce((r->>'published')::boolean, false)
    WHEN 'courses' THEN EXISTS (SELECT 1 FROM sharks s WHERE s.id = (r->>'shark_id')::uuid AND s.published)
    WHEN 'shark_credentials' THEN
      EXISTS (SELECT 1 FROM sharks s WHERE s.id = (r->>'shark_id')::uuid AND s.published)
    WHEN 'course_bookings' THEN EXISTS (
      SELECT 1 FROM courses c JOIN sharks s ON s.id = c.shark_id
      WHERE c.id = (r->>'course_id')::uuid AND s.published)
    WHEN 'users' THEN EXISTS (SELECT 1 FROM sharks s WHERE s.user_id = (r->>'id')::uuid AND s.published)
    ELSE true
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NOT (
    (TG_OP <> 'INSERT' AND catalogue_row_is_public(TG_TABLE_NAME, to_jsonb(OLD)))
    OR (TG_OP <> 'DELETE' AND catalogue_row_is_public(TG_TABLE_NAME, to_jsonb(NEW)))
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('catalogue.bumped', 'on', true);
  INSERT INTO catalogue_version (id, version) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1;
  RETURN NULL;
END $$;
