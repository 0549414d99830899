-- grain: one row per club, game, season and player
-- season_kind is 'all', 'year', 'quarter' or 'month' (see int_player_game_seasons).
with

seasons as (
    select * from int_player_game_seasons
),

totals as (
    select
        coalesce(club, '(no club)') as club,
        game,
        season_kind,
        season,
        player,
        count(distinct game_id) as count_games,
        sum(net) as net,
        count(*) filter (where placement = 1) as count_wins,
        avg(placement) as avg_placement,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from seasons
    group by all
),

final as (
    select
        *,
        rank() over (partition by club, game, season_kind, season order by net desc) as rank,
    from totals
)

select * from final
