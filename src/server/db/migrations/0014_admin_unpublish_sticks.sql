-- Issue 21, finding 2: an admin's unpublish keeps its reason here; while set, the shark cannot publish again.
ALTER TABLE "sharks" ADD COLUMN "admin_unpublish_reason" text;