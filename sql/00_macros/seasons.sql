-- The season of each kind ('all', 'year', 'quarter', 'month') that a game played at `played_at`
-- counts in: 'all time', '2026', '2026-Q4', '2026-11'. A game without a date counts in 'all' only
-- (null for the other kinds). Every season is a union of calendar months, so totals per month
-- add up to each season's (int_player_season_totals sums them so).
create or replace macro season_of(season_kind, played_at) as
    case season_kind
        when 'all' then 'all time'
        when 'year' then strftime(played_at, '%Y')
        when 'quarter' then strftime(played_at, '%Y') || '-Q' || quarter(played_at)
        else strftime(played_at, '%Y-%m')
    end;
