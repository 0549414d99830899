-- grain: one row per player, site (the room; null without one), day, club, game, cash or tournament, currency and scoring
-- key: player, site, person, played_on, club, game, is_tournament, currency, scoring
-- incremental: player, site, person, played_on, club, game, is_tournament, currency, scoring
-- merge: count_games = old.count_games + new.count_games
-- merge: net = old.net + new.net
-- merge: count_wins = old.count_wins + new.count_wins
-- merge: count_placed = old.count_placed + new.count_placed
-- merge: placement_sum = old.placement_sum + new.placement_sum
-- merge: first_played_at = least(old.first_played_at, new.first_played_at)
-- merge: last_played_at = greatest(old.last_played_at, new.last_played_at)
-- The sums behind each player's results per game and unit, by day and by the
-- game's own club (null without one): a page adds the rows its dates, club and room keep. A game
-- is played on one day at one club, so each counts in one row and the sums add up; a game new to
-- the warehouse adds to them (the merge lines). The placement and the win are the game's
-- (int_player_games): a six-card session is won when its net is above zero and has no placement. net is in currency
-- (null: points), and Chinese poker's and OFC's points on the scale of scoring ('1-6' or '2-4'; null
-- for other games); person: the person the account (site, player) belongs to.
-- The rows are kept in person order, so that one person's page reads few blocks.
with

player_games as (
    select * from int_player_games
),

totals as (
    select
        player,
        site,
        person,
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
    from player_games
    group by player, site, person, cast(played_at as date), game_club, game, is_tournament, currency, scoring
),

final as (
    select * from totals
)

select * from final
order by person, player, played_on
