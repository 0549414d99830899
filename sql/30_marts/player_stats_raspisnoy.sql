-- grain: one row per player, club and season (season_kind 'all', 'year', 'quarter' or 'month')
-- key: player, club, season_kind, season
-- incremental: player, club, season_kind, season
-- Rounds of game logs and score sheets alike; games without a date count for 'all' only.
with

rounds as (
    select * from int_raspisnoy_rounds
),

game_seasons as (
    select * from int_player_game_seasons
    where leaderboard_game = 'raspisnoy'
),

round_seasons as (
    select
        rounds.*,
        game_seasons.person,
        game_seasons.season_kind,
        game_seasons.season,
    from rounds
    join game_seasons using (game_id, player)
),

round_totals as (
    select
        person as player,
        club,
        season_kind,
        season,
        count(*) as count_rounds,
        count(*) filter (where has_bid) as count_bid_rounds,
        count(*) filter (where is_exact) as count_exact_rounds,
        cast(sum(overtricks) as bigint) as count_overtricks,
        count(*) filter (where overtricks > 0) as rounds_over_bid,
        cast(sum(undertricks) as bigint) as count_undertricks,
        count(*) filter (where undertricks > 0) as rounds_under_bid,
        count(*) filter (where is_pass) as pass_attempts,
        count(*) filter (where is_pass and tricks = 0) as pass_successes,
        sum(points) as round_points,
        count(*) filter (where kind = 'misere') as misere_rounds,
        count(*) filter (where kind = 'misere' and tricks = 0) as misere_clean_rounds,
        count(*) filter (where kind = 'golden') as golden_rounds,
        cast(coalesce(sum(tricks) filter (where kind = 'golden'), 0) as bigint) as golden_tricks,
        count(*) filter (where is_dealer and has_bid) as dealer_bid_rounds,
        count(*) filter (where is_dealer and is_exact) as dealer_exact_rounds,
    from round_seasons
    where season is not null
    group by person, club, season_kind, season
),

game_totals as (
    select
        player,
        club,
        season_kind,
        season,
        count_games,
        count_wins,
        avg_placement,
        net as total_points,
    from int_player_season_totals
    where game = 'raspisnoy'
),

final as (
    select
        game_totals.player,
        game_totals.club,
        game_totals.season_kind,
        game_totals.season,
        game_totals.count_games,
        coalesce(round_totals.count_rounds, 0) as count_rounds,
        coalesce(round_totals.count_bid_rounds, 0) as count_bid_rounds,
        round_totals.count_exact_rounds / nullif(round_totals.count_bid_rounds, 0) as bid_accuracy,
        coalesce(round_totals.count_overtricks, 0) as count_overtricks,
        coalesce(round_totals.rounds_over_bid, 0) as rounds_over_bid,
        coalesce(round_totals.count_undertricks, 0) as count_undertricks,
        coalesce(round_totals.rounds_under_bid, 0) as rounds_under_bid,
        coalesce(round_totals.pass_attempts, 0) as pass_attempts,
        round_totals.pass_successes / nullif(round_totals.pass_attempts, 0) as pass_success_rate,
        cast(round(round_totals.round_points / nullif(round_totals.count_rounds, 0), 2) as decimal(18, 2))
            as points_per_round,
        round_totals.misere_clean_rounds / nullif(round_totals.misere_rounds, 0) as misere_clean_rate,
        round_totals.golden_tricks / nullif(round_totals.golden_rounds, 0) as golden_tricks_per_round,
        round_totals.dealer_exact_rounds / nullif(round_totals.dealer_bid_rounds, 0) as dealer_bid_accuracy,
        game_totals.count_wins,
        game_totals.avg_placement,
        game_totals.total_points,
    from game_totals
    left join round_totals using (player, club, season_kind, season)
)

select * from final
