-- Full-text search of posts (GET /api/posts?q=). One function writes text the way search compares it:
-- Arabic letter forms made one (أ إ آ ٱ to ا, ة to ه, ى to ي), tashkeel (U+064B to U+065F, U+0670) and tatweel
-- (U+0640) dropped, Arabic-Indic and Persian digits as 0-9, lower case. core/src/rules/search.ts does the same in
-- the browser and the API (highlighting), and its tests hold both to the same cases.
CREATE FUNCTION "search_normalize"(input text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT pg_catalog.lower(pg_catalog.translate(input, 'أإآٱةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ًٌٍَُِّْٰٕٖٜٟٓٔٗ٘ٙٚٛٝٞـ', 'ااااهي01234567890123456789')) $$;
--> statement-breakpoint
-- What a post is searched by, kept with the post: its title (weight A), description (B) and content as text (C,
-- its HTML tags and entities taken out; the text of its first 256 KiB of HTML, at most 200,000 characters, which
-- keeps the document within what a tsvector holds, 1 MB, and a save's cost bounded: taking the tags out of 1 MiB
-- of HTML held the embedded database for 300 ms, while every reader waited), stemmed in English, word for word
-- in Arabic. Filled for every post already there when the column is added.
ALTER TABLE "posts" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, search_normalize("title")), 'A')
	|| setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, search_normalize("description")), 'B')
	|| setweight(to_tsvector(CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, search_normalize(left(regexp_replace(regexp_replace(left("content", 262144), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), 200000))), 'C')
) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search");
