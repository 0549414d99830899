-- The season of each kind ('all', 'year', 'quarter', 'month') that a game played at `played_at`
-- counts in: 'all time', '2026', '2026-Q4', '2026-11'. A game without a date counts in 'all' only
-- (null for the other kinds). Every season is a union of calendar months, so totals per month
-- add up to each season's (int_player_season_totals sums them so).
-- Another kind ('Year', 'week') is an error that names the four, never a silent month. played_at is
-- cast to a timestamp, so a date and an untyped null are taken too.
create or replace macro season_of(season_kind, played_at) as
    case season_kind
        when 'all' then 'all time'
        when 'year' then strftime(cast(played_at as timestamp), '%Y')
        when 'quarter' then strftime(cast(played_at as timestamp), '%Y') || '-Q' || quarter(cast(played_at as timestamp))
        when 'month' then strftime(cast(played_at as timestamp), '%Y-%m')
        -- (no semicolon in the message: a macro's text ends at its first)
        else error('season_of: no season kind ' || coalesce('''' || season_kind || '''', 'null')
                   || ', the kinds are all, year, quarter and month')
    end;

-- The kinds of season, in the order every list of a player's seasons follows: all time, then the
-- longest first (int_season_kinds is made of them).
create or replace macro season_kinds() as ['all', 'year', 'quarter', 'month'];
