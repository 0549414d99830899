-- grain: one row per club, season and player of raspisnoy games (logs and sheets)
-- games: raspisnoy, raspisnoy_sheet
-- key: club, season_kind, season, player
-- incremental: club, season_kind, season
-- settlement_points: per game, own total × (n − 1) − the others' totals (every pair settles its
-- difference); settlement_points_winner: RSP-TOTAL read strictly, only the winner collects the
-- difference from each other player (tied winners split equally what each other player pays once:
-- 5, 5, 1 settles +2, +2, -4). Money = points × the point value. count_unfinished_games: the games
-- counted that stop before their schedule's last round (raspisnoy_rounds.is_game_finished false):
-- the rules say nothing of such a game, so it counts as it stands, and the count lets standings tell it.
with

player_games as (
    select * from int_player_games
    where leaderboard_game = 'raspisnoy'
),

totals as (
    select * from int_player_season_totals
    where game = 'raspisnoy'
),

settled as (
    select
        game_id,
        player,
        net * count_players - sum(net) over (partition by game_id) as settlement,
        case
            when placement = 1 then
                (max(net) over (partition by game_id) * count_players - sum(net) over (partition by game_id))
                / sum(case when placement = 1 then 1 else 0 end) over (partition by game_id)
            else net - max(net) over (partition by game_id)
        end as settlement_winner,
    from player_games
),

unfinished_games as (
    -- null for the games of a warehouse an older Rasklad wrote: not counted as unfinished
    select game_id
    from stg_raspisnoy_rounds
    group by game_id
    having bool_or(not is_game_finished)
),

settled_seasons as (
    select
        seasons.club,
        seasons.season_kind,
        seasons.season,
        seasons.person as player,
        sum(settled.settlement) as settlement_points,
        cast(round(sum(settled.settlement_winner), 2) as decimal(18, 2)) as settlement_points_winner,
        -- a person's two seats in one game: one game
        count(distinct case when unfinished_games.game_id is not null then settled.game_id end)
            as count_unfinished_games,
    from settled
    join int_player_game_seasons as seasons using (game_id, player)
    left join unfinished_games using (game_id)
    group by seasons.club, seasons.season_kind, seasons.season, seasons.person
),

final as (
    select
        totals.club,
        totals.season_kind,
        totals.season,
        totals.player,
        totals.count_games,
        totals.net as total_points,
        totals.count_wins,
        totals.avg_placement,
        totals.count_placed,
        totals.placement_sum,
        rank() over (partition by totals.club, totals.season_kind, totals.season
                     order by leaderboard_order(totals.net, totals.count_wins, totals.avg_placement)) as rank,
        settled_seasons.settlement_points,
        settled_seasons.settlement_points_winner,
        settled_seasons.count_unfinished_games,
    from totals
    join settled_seasons using (club, season_kind, season, player)
)

select * from final
