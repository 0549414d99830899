-- grain: one row per club, game (as the leaderboards rank it), cash or tournament, currency, scoring, season and player (a person)
-- key: club, game, is_tournament, currency, scoring, season_kind, season, player
-- materialized: table
-- incremental: club, game, is_tournament, currency, scoring, season_kind, season, player
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
-- The totals every leaderboard and per-season stat starts from, per person and game (person_games: two
-- linked names seated in one game are one game, one placement, one win at most). count_wins counts the games won
-- (int_player_games: a six-card session by its net above zero); avg_placement is null for house games
-- (six-card), where nobody is placed. player is the person (int_player_games), names
-- his screen names that played there: a person's names count together. Amounts of two units (currency) or
-- of cash and tournaments, or points of Chinese poker's two scales (scoring; null for other games), are
-- never summed together. Every total merges with the totals of new
-- games (the merge lines: a game is new to the warehouse, so counts add up), so an ingest updates the
-- rows its games reach without reading the player's history; count_placed and placement_sum carry
-- the average, name_list the names. Each calendar month is totalled first (a game lies in one month, and
-- every season is a union of months: sql/00_macros/seasons.sql), so that the seasons add up a few rows
-- per player rather than four rows per game of his.
with

player_games as (
    select
        *,
        date_trunc('month', played_at) as month,
    from int_player_games
),

person_games as (
    -- one row per person per game (int_person_games): a link (rasklad alias) may join two names who
    -- sat in one game, and the person played that game once (docs/warehouse.md, "Marts")
    select
        *,
        date_trunc('month', played_at) as month,
    from int_person_games
),

season_kinds as (
    select * from int_season_kinds
),

months as (
    select
        club,
        leaderboard_game as game,
        is_tournament,
        currency,
        scoring,
        month,
        person as player,
        count(*) as count_games,
        sum(net) as net,
        count(is_win) as count_decided,
        count(*) filter (where is_win) as count_wins,
        count(placement) as count_placed,
        sum(placement) as placement_sum,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from person_games
    group by club, leaderboard_game, is_tournament, currency, scoring, month, person
),

month_seasons as (
    select
        months.*,
        season_kinds.season_kind,
        season_of(season_kinds.season_kind, months.month) as season,
    from months
    cross join season_kinds
),

totals as (
    select
        club,
        game,
        is_tournament,
        coalesce(currency, '') as unit,
        currency,
        coalesce(scoring, '') as scale,
        scoring,
        season_kind,
        season,
        player,
        cast(sum(count_games) as bigint) as count_games,
        sum(net) as net,
        case when sum(count_decided) > 0 then cast(sum(count_wins) as bigint) end as count_wins,
        sum(placement_sum) / sum(count_placed) as avg_placement,
        cast(sum(count_placed) as bigint) as count_placed,
        cast(sum(placement_sum) as bigint) as placement_sum,
        min(first_played_at) as first_played_at,
        max(last_played_at) as last_played_at,
    from month_seasons
    where season is not null
    group by club, game, is_tournament, currency, scoring, season_kind, season, player
),

names_played as (
    select distinct
        club,
        leaderboard_game as game,
        is_tournament,
        coalesce(currency, '') as unit,
        coalesce(scoring, '') as scale,
        month,
        person as player,
        player as name,
    from player_games
),

names as (
    -- apart from the totals: an ordered list beside a count(distinct) is more than Spark SQL can plan
    select
        names_played.club,
        names_played.game,
        names_played.is_tournament,
        names_played.unit,
        names_played.scale,
        season_kinds.season_kind,
        season_of(season_kinds.season_kind, names_played.month) as season,
        names_played.player,
        list_sort(list_distinct(list(names_played.name))) as name_list,
    from names_played
    cross join season_kinds
    group by
        names_played.club,
        names_played.game,
        names_played.is_tournament,
        names_played.unit,
        names_played.scale,
        season_kinds.season_kind,
        season_of(season_kinds.season_kind, names_played.month),
        names_played.player
),

final as (
    select
        totals.club,
        totals.game,
        totals.is_tournament,
        totals.currency,
        totals.scoring,
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
    join names using (club, game, is_tournament, unit, scale, season_kind, season, player)
)

select * from final
