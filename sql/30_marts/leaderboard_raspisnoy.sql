-- grain: one row per club, season and player of raspisnoy games (logs and sheets)
-- settlement_points: per game, own total × (n − 1) − the others' totals (every pair settles its
-- difference); settlement_points_winner: RSP-TOTAL read strictly, only the winner collects the
-- difference from each other player (tied winners share). Money = points × the point value.
with

player_games as (
    select * from int_player_games
    where game in ('raspisnoy', 'raspisnoy_sheet')
),

settled as (
    select
        *,
        net * count_players - sum(net) over (partition by game_id) as settlement,
        case
            when placement = 1 then
                (max(net) over (partition by game_id) * count_players - sum(net) over (partition by game_id))
                / sum(case when placement = 1 then 1 else 0 end) over (partition by game_id)
            else net - max(net) over (partition by game_id)
        end as settlement_winner,
    from player_games
),

seasons as (
    select
        settled.*,
        season_kinds.season_kind,
        season_kinds.season,
    from settled
    join int_player_game_seasons as season_kinds using (game_id, player)
),

totals as (
    select
        coalesce(club, '(no club)') as club,
        season_kind,
        season,
        player,
        count(distinct game_id) as count_games,
        sum(net) as total_points,
        count(*) filter (where placement = 1) as count_wins,
        avg(placement) as avg_placement,
        sum(settlement) as settlement_points,
        cast(round(sum(settlement_winner), 2) as decimal(18, 2)) as settlement_points_winner,
    from seasons
    where season is not null
    group by all
),

final as (
    select
        club,
        season_kind,
        season,
        player,
        count_games,
        total_points,
        count_wins,
        avg_placement,
        rank() over (partition by club, season_kind, season order by total_points desc) as rank,
        settlement_points,
        settlement_points_winner,
    from totals
)

select * from final
