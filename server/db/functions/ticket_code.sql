-- ticket_code, as the migrations leave it: its body and its triggers. A migration that
-- changes it changes this file too (tests/unit/db-functions.test.ts compares them).

-- A ticket's code people can read and type (docs/decisions/041), for any insert that names none
-- (the seed, waitlist holds, staff in SQL), as the app's own (machines/rules/ticket-code.ts): 16
-- characters of Crockford's base32, each the low 5 bits of a random byte of two UUIDs (v4), the
-- bytes holding the version and variant left out: 80 random bits. Codes made before stay.
CREATE FUNCTION ticket_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.bytes, i) & 31) + 1, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex') AS bytes) AS r,
    unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17]) AS i
$$;
