-- No change to the database. Migrations 0009-0011 were written by hand in parallel; this entry
-- carries drizzle-kit's snapshot of schema.ts after them, so the next `npm run db:generate`
-- diffs against the real schema. (Checked: a database built from 0000-0011 and one built from
-- schema.ts have the same columns, indexes and constraints.)
SELECT 1;
