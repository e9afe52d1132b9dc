-- Reserved for the auth_flows work; written by hand, kept in step with schema.ts.
SELECT 1;
