-- grain: one row per person, site (the room; null without one), day, club, game, cash or tournament, currency and scoring
-- key: person, site, played_on, club, game, is_tournament, currency, scoring
-- incremental: person, site, played_on, club, game, is_tournament, currency, scoring
-- merge: count_games = old.count_games + new.count_games
-- merge: net = old.net + new.net
-- merge: count_wins = old.count_wins + new.count_wins
-- merge: count_placed = old.count_placed + new.count_placed
-- merge: placement_sum = old.placement_sum + new.placement_sum
-- merge: first_played_at = least(old.first_played_at, new.first_played_at)
-- merge: last_played_at = greatest(old.last_played_at, new.last_played_at)
-- player_results_by_day's sums of a person, all his accounts together, with each game counted once
-- as the leaderboards count it (int_person_games): two linked names seated in one game are one
-- game, his seats' nets added, his best seat's placement, a win if either seat won. Adding a
-- person's rows of player_results_by_day counts such a game once per seat. The Player review runs
-- player_results' select over the rows its dates, club and room keep. The seats of one game share
-- its room, day and club, so those filters keep or leave the whole game.
-- The rows are kept in person order, so that one person's page reads few blocks.
with

person_games as (
    select * from int_person_games
),

totals as (
    select
        person,
        site,
        cast(played_at as date) as played_on,
        game_club as club,
        game,
        is_tournament,
        currency,
        scoring,
        count(*) as count_games,
        sum(net) as net,
        count(*) filter (where is_win) as count_wins,
        count(placement) as count_placed,
        sum(placement)::bigint as placement_sum,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from person_games
    group by person, site, cast(played_at as date), game_club, game, is_tournament, currency, scoring
),

final as (
    select * from totals
)

select * from final
order by person, played_on
