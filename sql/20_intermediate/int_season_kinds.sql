-- grain: one row per kind of season a total is kept for
-- key: season_kind
-- 'all' (all time), 'year', 'quarter', 'month' (macro season_kinds); sql/00_macros/seasons.sql names each season.
select unnest(season_kinds()) as season_kind
