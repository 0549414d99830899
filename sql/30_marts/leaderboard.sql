-- grain: one row per club, game, season and player
-- key: club, game, season_kind, season, player
-- season_kind is 'all', 'year', 'quarter' or 'month' (see int_player_game_seasons). Raspisnoy logs and
-- score sheets are one game, 'raspisnoy'. count_wins and avg_placement are null for six-card sessions,
-- played against the house.
with

totals as (
    select * from int_player_season_totals
),

final as (
    select
        club,
        game,
        season_kind,
        season,
        player,
        count_games,
        net,
        count_wins,
        avg_placement,
        first_played_at,
        last_played_at,
        rank() over (partition by club, game, season_kind, season order by net desc) as rank,
    from totals
)

select * from final
