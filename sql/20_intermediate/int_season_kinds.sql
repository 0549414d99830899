-- grain: one row per kind of season a total is kept for
-- key: season_kind
-- 'all' (all time), 'year', 'quarter', 'month'; sql/00_macros/seasons.sql names each season.
select * from (values ('all'), ('year'), ('quarter'), ('month')) as kinds (season_kind)
