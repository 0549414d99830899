-- grain: one row per game kind, source file, day, club, room (site) and rules version of the stored games
-- key: game, source_file, played_on, club, site, rules_version
-- incremental: game, source_file, played_on, club, site, rules_version
-- merge: count_games = old.count_games + new.count_games
-- merge: count_errors = old.count_errors + new.count_errors
-- merge: count_warnings = old.count_warnings + new.count_warnings
-- merge: first_played_at = least(old.first_played_at, new.first_played_at)
-- merge: last_played_at = greatest(old.last_played_at, new.last_played_at)
-- What the overview and every page's filters read of the games (kinds, files, clubs, rooms, dates,
-- games judged by older rules): a few rows per file and day, summed by the page, instead of every
-- game. A game new to the warehouse adds to its row (the merge lines). played_on, club and site are
-- null for games without them.
with

games as (
    select * from stg_games
),

final as (
    select
        game,
        source_file,
        cast(played_at as date) as played_on,
        club,
        site,
        rules_version,
        count(*) as count_games,
        coalesce(sum(count_errors), 0)::bigint as count_errors,
        coalesce(sum(count_warnings), 0)::bigint as count_warnings,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from games
    group by game, source_file, cast(played_at as date), club, site, rules_version
)

select * from final
