-- grain: one row per club, game, cash or tournament, currency, scoring, season and player
-- key: club, game, is_tournament, currency, scoring, season_kind, season, player
-- incremental: club, game, is_tournament, currency, scoring, season_kind, season
-- season_kind is 'all', 'year', 'quarter' or 'month' (see int_player_game_seasons). Raspisnoy logs and
-- score sheets are one game, 'raspisnoy'. A six-card session, played against the house, is won when its
-- net is above zero (int_player_games) and has no placement: avg_placement is null. Each currency (null: points) and cash apart from tournaments is a table
-- of its own, and so is each scale of Chinese poker and OFC points (scoring: '1-6' or '2-4', null for
-- other games): a player ranks among the nets of one unit only. rank: by net, then wins, then average
-- placement; players equal on all three share a rank and the next is skipped.
with

totals as (
    select * from int_player_season_totals
),

final as (
    select
        club,
        game,
        is_tournament,
        currency,
        scoring,
        season_kind,
        season,
        player,
        names,
        count_games,
        net,
        count_wins,
        avg_placement,
        count_placed,
        placement_sum,
        first_played_at,
        last_played_at,
        -- a tie on all three of the leaderboard's order shares its rank, and the next is skipped (1, 1, 3)
        rank() over (partition by club, game, is_tournament, currency, scoring, season_kind, season
                     order by leaderboard_order(net, count_wins, avg_placement)) as rank,
    from totals
)

select * from final
