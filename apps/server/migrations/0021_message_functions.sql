-- Custom SQL (drizzle-kit generate --custom): the per-text functions of a project load (modules/projects/load).
-- Each is one SQL expression, IMMUTABLE, so the planner inlines it into the load's INSERT … SELECT instead of
-- calling a function a million times (a SQL function that is not inlined costs microseconds a call). Inlining
-- holds when the argument is a plain column or a cheap expression: the load passes columns of an OFFSET 0 subquery.

-- The number of SMS segments of a message (message contract): GSM-7 when every character is in the GSM basic set
-- or its extension table (each extension character counts two septets): one segment up to 160 septets, else
-- ceil(septets / 153); otherwise UCS-2: one segment up to 70 UTF-16 code units (a character outside the BMP, such
-- as most emoji, is two), else ceil(units / 67). An empty message is 0 segments.
CREATE FUNCTION canvass_sms_segments(m text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN m IS NULL OR m = '' THEN 0
    WHEN m ~ '^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&''()*+,./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà\-^{}\\\[~\]|€\f]*$' THEN
      CASE WHEN 2 * char_length(m) - char_length(translate(m, '^{}\[~]|€' || chr(12), '')) <= 160 THEN 1
           ELSE ceil((2 * char_length(m) - char_length(translate(m, '^{}\[~]|€' || chr(12), '')))::numeric / 153)::int END
    ELSE
      CASE WHEN 2 * char_length(m) - char_length(regexp_replace(m, '[\U00010000-\U0010FFFF]', '', 'g')) <= 70 THEN 1
           ELSE ceil((2 * char_length(m) - char_length(regexp_replace(m, '[\U00010000-\U0010FFFF]', '', 'g')))::numeric / 67)::int END
  END
$$;--> statement-breakpoint

-- A text's link token is its id through a keyed permutation (a three-round Feistel network over 46 bits, keyed per
-- load), written in base 62 as exactly 8 characters: unique because ids are and the permutation is one-to-one,
-- and not guessable by incrementing (the next id's token shares nothing visible with this one's).
CREATE FUNCTION canvass_link_permute(id bigint, k bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((((id & 8388607) # (hashint8extended((((id >> 23) & 8388607) # (hashint8extended(id & 8388607, k + 1) & 8388607)), k + 2) & 8388607)) << 23) | ((((id >> 23) & 8388607) # (hashint8extended(id & 8388607, k + 1) & 8388607)) # (hashint8extended(((id & 8388607) # (hashint8extended((((id >> 23) & 8388607) # (hashint8extended(id & 8388607, k + 1) & 8388607)), k + 2) & 8388607)), k + 3) & 8388607)))
$$;--> statement-breakpoint

-- n (below 62^8) as exactly 8 base-62 characters [0-9A-Za-z].
CREATE FUNCTION canvass_base62_8(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 3521614606208 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 56800235584 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 916132832 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 14776336 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 238328 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 3844 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 62 % 62)::int + 1, 1) ||
         substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (n / 1 % 62)::int + 1, 1)
$$;
