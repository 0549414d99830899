-- grain: one row per player per game per season kind ('all', 'year', 'quarter', 'month')
-- key: game_id, player, season_kind
-- A game without a date belongs to the 'all' season only. Marts that report per season read this.
with

player_games as (
    select * from int_player_games
),

season_kinds as (
    select * from int_season_kinds
),

seasons as (
    select
        player_games.*,
        season_kinds.season_kind,
        season_of(season_kinds.season_kind, played_at) as season,
    from player_games
    cross join season_kinds
),

final as (
    select * from seasons
    where season is not null
)

select * from final
