-- grain: one row per club, game (as the leaderboards rank it), cash or tournament, currency, season and player (a person)
-- key: club, game, is_tournament, currency, season_kind, season, player
-- materialized: table
-- incremental: club, game, is_tournament, currency, season_kind, season, player
-- merge: count_games = old.count_games + new.count_games
-- merge: net = old.net + new.net
-- merge: count_wins = old.count_wins + new.count_wins
-- merge: count_placed = old.count_placed + new.count_placed
-- merge: placement_sum = old.placement_sum + new.placement_sum
-- merge: avg_placement = (old.placement_sum + new.placement_sum) / (old.count_placed + new.count_placed)
-- merge: first_played_at = least(old.first_played_at, new.first_played_at)
-- merge: last_played_at = greatest(old.last_played_at, new.last_played_at)
-- merge: name_list = list_sort(list_distinct(list_concat(old.name_list, new.name_list)))
-- merge: names = array_to_string(list_sort(list_distinct(list_concat(old.name_list, new.name_list))), ', ')
-- The totals every leaderboard and per-season stat starts from. count_wins and avg_placement are
-- null for house games (six-card), where nobody is placed. player is the person (int_player_games), names
-- his screen names that played there: a person's names count together. Amounts of two units (currency) or
-- of cash and tournaments are never summed together. Every total merges with the totals of new
-- games (the merge lines: a game is new to the warehouse, so counts add up), so an ingest updates the
-- rows its games reach without reading the player's history; count_placed and placement_sum carry
-- the average, name_list the names.
with

seasons as (
    select * from int_player_game_seasons
),

totals as (
    select
        club,
        leaderboard_game as game,
        is_tournament,
        coalesce(currency, '') as unit,
        currency,
        season_kind,
        season,
        person as player,
        count(distinct game_id) as count_games,
        sum(net) as net,
        case when count(is_win) > 0 then count(*) filter (where is_win) end as count_wins,
        avg(placement) as avg_placement,
        count(placement) as count_placed,
        sum(placement) as placement_sum,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from seasons
    group by club, leaderboard_game, is_tournament, currency, season_kind, season, person
),

names_played as (
    select distinct
        club,
        leaderboard_game as game,
        is_tournament,
        coalesce(currency, '') as unit,
        season_kind,
        season,
        person as player,
        player as name,
    from seasons
),

names as (
    -- apart from the totals: an ordered list beside a count(distinct) is more than Spark SQL can plan
    select
        club,
        game,
        is_tournament,
        unit,
        season_kind,
        season,
        player,
        list_sort(list_distinct(list(name))) as name_list,
    from names_played
    group by club, game, is_tournament, unit, season_kind, season, player
),

final as (
    select
        totals.club,
        totals.game,
        totals.is_tournament,
        totals.currency,
        totals.season_kind,
        totals.season,
        totals.player,
        array_to_string(names.name_list, ', ') as names,
        names.name_list,
        totals.count_games,
        totals.net,
        totals.count_wins,
        totals.avg_placement,
        totals.count_placed,
        totals.placement_sum,
        totals.first_played_at,
        totals.last_played_at,
    from totals
    join names using (club, game, is_tournament, unit, season_kind, season, player)
)

select * from final
