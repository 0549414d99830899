-- grain: one row per player, club and season (season_kind 'all', 'year', 'quarter' or 'month')
-- games: raspisnoy, raspisnoy_sheet
-- key: player, club, season_kind, season
-- incremental: player, club, season_kind, season
-- Rounds of game logs and score sheets alike; games without a date count for 'all' only.
-- The sums of player_stats_raspisnoy_by_day over the days of each season. The Player review runs
-- this same select over the rows of player_stats_raspisnoy_by_day its dates and club keep, with
-- no season of a day (int_player_game_seasons given empty): its figures are the 'all' row of
-- exactly those days, the one place of each formula.
with

days as (
    select * from player_stats_raspisnoy_by_day
),

day_seasons as (
    -- the year, quarter and month of each day a raspisnoy game was played ('all' takes every day)
    select distinct cast(played_at as date) as played_on, season_kind, season,
    from int_player_game_seasons
    where leaderboard_game = 'raspisnoy' and season_kind <> 'all'
),

day_rows as (
    select days.*, 'all' as season_kind, 'all time' as season,
    from days
    union all       -- (both sides list the same columns in the same order)
    select days.*, day_seasons.season_kind, day_seasons.season,
    from days
    join day_seasons using (played_on)
),

totals as (
    select
        player,
        club,
        season_kind,
        season,
        sum(count_games)::bigint as count_games,
        sum(count_rounds)::bigint as count_rounds,
        sum(count_bid_rounds)::bigint as count_bid_rounds,
        sum(count_exact_rounds)::bigint as count_exact_rounds,
        sum(count_overtricks)::bigint as count_overtricks,
        sum(rounds_over_bid)::bigint as rounds_over_bid,
        sum(count_undertricks)::bigint as count_undertricks,
        sum(rounds_under_bid)::bigint as rounds_under_bid,
        sum(pass_attempts)::bigint as pass_attempts,
        sum(pass_successes)::bigint as pass_successes,
        sum(round_points) as round_points,
        sum(misere_rounds)::bigint as misere_rounds,
        sum(misere_clean_rounds)::bigint as misere_clean_rounds,
        sum(golden_rounds)::bigint as golden_rounds,
        sum(golden_tricks)::bigint as golden_tricks,
        sum(dealer_bid_rounds)::bigint as dealer_bid_rounds,
        sum(dealer_exact_rounds)::bigint as dealer_exact_rounds,
        sum(count_wins)::bigint as count_wins,
        sum(count_placed)::bigint as count_placed,
        sum(placement_sum)::bigint as placement_sum,
        sum(total_points) as total_points,
    from day_rows
    group by player, club, season_kind, season
),

final as (
    select
        player,
        club,
        season_kind,
        season,
        count_games,
        count_rounds,
        count_bid_rounds,
        count_exact_rounds / nullif(count_bid_rounds, 0) as bid_accuracy,
        count_overtricks,
        rounds_over_bid,
        count_undertricks,
        rounds_under_bid,
        pass_attempts,
        pass_successes / nullif(pass_attempts, 0) as pass_success_rate,
        points_per_round(round_points, count_rounds) as points_per_round,
        misere_clean_rounds / nullif(misere_rounds, 0) as misere_clean_rate,
        golden_tricks / nullif(golden_rounds, 0) as golden_tricks_per_round,
        dealer_exact_rounds / nullif(dealer_bid_rounds, 0) as dealer_bid_accuracy,
        count_wins,
        placement_sum / nullif(count_placed, 0) as avg_placement,
        total_points,
        -- the counts under the rates
        count_exact_rounds,
        pass_successes,
        misere_rounds,
        golden_rounds,
        dealer_bid_rounds,
        count_placed,
        placement_sum,
    from totals
)

select * from final
