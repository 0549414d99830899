-- grain: one row per player per game per season kind ('all', 'year', 'quarter', 'month')
-- key: game_id, player, season_kind
-- A game without a date belongs to the 'all' season only. Marts that report per season read this.
with

player_games as (
    select * from int_player_games
),

season_kinds as (
    select * from (values ('all'), ('year'), ('quarter'), ('month')) as kinds (season_kind)
),

seasons as (
    select
        player_games.*,
        season_kinds.season_kind,
        case season_kinds.season_kind
            when 'all' then 'all time'
            when 'year' then strftime(played_at, '%Y')
            when 'quarter' then strftime(played_at, '%Y') || '-Q' || quarter(played_at)
            else strftime(played_at, '%Y-%m')
        end as season,
    from player_games
    cross join season_kinds
),

final as (
    select * from seasons
    where season is not null
)

select * from final
