-- grain: one row per club, game, season and player
-- season_kind is 'all', 'year', 'quarter' or 'month'; games without a date count for 'all' only.
with

player_games as (
    select * from int_player_games
),

seasons as (
    select
        player_games.*,
        unnest([
            {'season_kind': 'all', 'season': 'all time'},
            {'season_kind': 'year', 'season': strftime(played_at, '%Y')},
            {'season_kind': 'quarter', 'season': strftime(played_at, '%Y') || '-Q' || quarter(played_at)},
            {'season_kind': 'month', 'season': strftime(played_at, '%Y-%m')},
        ], recursive := true),
    from player_games
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
    where season is not null
    group by all
),

final as (
    select
        *,
        rank() over (partition by club, game, season_kind, season order by net desc) as rank,
    from totals
)

select * from final
