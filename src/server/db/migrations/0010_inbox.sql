-- Reserved for the inbox work; written by hand, kept in step with schema.ts.
SELECT 1;
