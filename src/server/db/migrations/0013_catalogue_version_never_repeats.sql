-- Hand-written (decisions 065 and 090): a catalogue version never repeats, even after TRUNCATE empties its row
-- (tests, seed:large --force). The row used to come back as version 1, so an ETag or a list total a process
-- kept from before the reset could be taken for the new data. A re-created row now starts at the current time
-- in microseconds, far above any count of bumps before it; a bump still adds one.
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalogue.bumped', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('catalogue.bumped', 'on', true);
  INSERT INTO catalogue_version (id, version) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1;
  RETURN NULL;
END $$;
