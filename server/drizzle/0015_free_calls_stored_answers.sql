-- What the idempotency records of each organization's API keys store (issue 31): the answers of
-- free calls (test and demo keys) are kept whole only up to a size (services/stored-answer.ts);
-- this view counts, per organization, the records and the bytes of JSON they hold
-- (repositories/idempotency.ts `storedAnswers`). Records of a deleted key are not counted (they
-- are forgotten with the 24-hour window).
CREATE VIEW "organization_stored_answers" AS
  SELECT k.organization_id,
    count(*)::bigint AS records,
    coalesce(sum(octet_length(r.response::text)), 0)::bigint AS stored_bytes
  FROM idempotency_records r
  JOIN api_keys k ON r.scope = 'services:' || k.id::text
  GROUP BY k.organization_id;
