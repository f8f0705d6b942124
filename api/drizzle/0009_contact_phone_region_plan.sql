ALTER TABLE "contact_messages" ADD COLUMN "phone_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "plan" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Messages sent before phone numbers were checked with libphonenumber kept the calling code and the digits as
-- typed apart (`+44`, `07911123456`), and the inbox showed `+4407911123456`. They become E.164 with their
-- country: the national trunk prefix dropped (`0` in each of the form's countries then but +1, whose is `1`).
-- Only what the old form could accept is rewritten (one of its seven codes, 4 to 15 digits); anything else, a
-- robot's honeypot message, is left as it was, with no country.
WITH "codes" ("country_code", "region", "trunk") AS (
  VALUES ('+1', 'US', '1'), ('+44', 'GB', '0'), ('+963', 'SY', '0'), ('+20', 'EG', '0'),
    ('+971', 'AE', '0'), ('+966', 'SA', '0'), ('+49', 'DE', '0')
)
UPDATE "contact_messages" SET
  "phone" = "codes"."country_code" || CASE
    WHEN "codes"."trunk" = '1' AND length("contact_messages"."phone") = 11 THEN substr("contact_messages"."phone", 2)
    WHEN "codes"."trunk" = '0' THEN regexp_replace("contact_messages"."phone", '^0', '')
    ELSE "contact_messages"."phone"
  END,
  "phone_region" = "codes"."region"
FROM "codes"
WHERE "contact_messages"."country_code" = "codes"."country_code"
  AND "contact_messages"."phone" ~ '^[0-9]{4,15}$';
