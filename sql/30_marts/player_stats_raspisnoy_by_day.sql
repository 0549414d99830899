-- grain: one row per player (a person), day and club of raspisnoy games (logs and score sheets)
-- games: raspisnoy, raspisnoy_sheet
-- key: player, played_on, club
-- incremental: player, played_on, club
-- The sums behind the per-player raspisnoy statistics: a game is played on one day at one club,
-- so each of its rounds and results counts in one row, and the sums add up over days and clubs.
-- played_on is null for a game without a date. The season figures add these rows by season; the
-- Player review adds the rows its dates and club keep, so a page's figures follow exact days.
with

rounds as (
    select * from int_raspisnoy_rounds
),

player_games as (
    select * from int_player_games
    where leaderboard_game = 'raspisnoy'
),

round_persons as (
    select rounds.*, player_games.person,
    from rounds
    join player_games using (game_id, player)
),

round_sums as (
    select
        person as player,
        cast(played_at as date) as played_on,
        club,
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
    from round_persons
    group by person, cast(played_at as date), club
),

person_games as (
    -- one row per person per game, as the leaderboards count it (int_person_games): two linked names
    -- seated in one game are one game (their rounds are each seat's, and count in round_sums)
    select * from int_person_games
    where leaderboard_game = 'raspisnoy'
),

game_sums as (
    select
        person as player,
        cast(played_at as date) as played_on,
        club,
        count(*) as count_games,
        count(*) filter (where is_win) as count_wins,
        count(placement) as count_placed,
        cast(sum(placement) as bigint) as placement_sum,
        sum(net) as total_points,
    from person_games
    group by person, cast(played_at as date), club
),

final as (
    select
        game_sums.player,
        game_sums.played_on,
        game_sums.club,
        game_sums.count_games,
        coalesce(round_sums.count_rounds, 0) as count_rounds,
        coalesce(round_sums.count_bid_rounds, 0) as count_bid_rounds,
        coalesce(round_sums.count_exact_rounds, 0) as count_exact_rounds,
        coalesce(round_sums.count_overtricks, 0) as count_overtricks,
        coalesce(round_sums.rounds_over_bid, 0) as rounds_over_bid,
        coalesce(round_sums.count_undertricks, 0) as count_undertricks,
        coalesce(round_sums.rounds_under_bid, 0) as rounds_under_bid,
        coalesce(round_sums.pass_attempts, 0) as pass_attempts,
        coalesce(round_sums.pass_successes, 0) as pass_successes,
        round_sums.round_points,
        coalesce(round_sums.misere_rounds, 0) as misere_rounds,
        coalesce(round_sums.misere_clean_rounds, 0) as misere_clean_rounds,
        coalesce(round_sums.golden_rounds, 0) as golden_rounds,
        coalesce(round_sums.golden_tricks, 0) as golden_tricks,
        coalesce(round_sums.dealer_bid_rounds, 0) as dealer_bid_rounds,
        coalesce(round_sums.dealer_exact_rounds, 0) as dealer_exact_rounds,
        game_sums.count_wins,
        game_sums.count_placed,
        game_sums.placement_sum,
        game_sums.total_points,
    from game_sums
    left join round_sums
        on round_sums.player = game_sums.player
        and round_sums.played_on is not distinct from game_sums.played_on
        and round_sums.club = game_sums.club
)

select * from final
