-- grain: one row per game stored in the warehouse
-- key: game_id
select
    game_id,
    game,
    source_file,
    first_line,
    last_line,
    played_at,
    played_in_utc,
    club,
    site,
    table_name,
    name_in_log,
    ruleset,
    count_players,
    count_errors,
    count_warnings,
    currency,
    is_tournament,
    rules_version,
from games
