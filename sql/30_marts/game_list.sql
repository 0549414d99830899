-- grain: one row per stored game, with its players: what the audit and the replayer look a game up by
-- key: game_id
-- incremental: game_id
-- The game's file, lines, date, club, room and counts (stg_games), and its players with their seats
-- and nets (players: a list, so that one game's row holds them all, unordered: a page orders the few
-- it shows). A lookup of one game reads this table's game_id column (8 ms at 1M games), not the
-- games' and players' Parquet (0.2 s). Kept in no order: sorted by game_id, a lookup reads one block
-- (1 ms), but the sort doubles the model's build (4.3 CPU-s instead of 2.4 at 1M games).
with

games as (
    select * from stg_games
),

game_players as (
    select * from stg_game_players
),

seated as (
    select
        game_id,
        list({'player': player, 'seat': seat, 'net': net}) as players,
    from game_players
    group by game_id
),

final as (
    select
        games.game_id,
        games.game,
        games.source_file,
        games.first_line,
        games.last_line,
        games.played_at,
        games.played_in_utc,
        games.club,
        games.site,
        games.table_name,
        games.name_in_log,
        games.ruleset,
        games.count_players,
        games.count_errors,
        games.count_warnings,
        games.currency,
        games.is_tournament,
        games.rules_version,
        seated.players,
    from games
    left join seated on seated.game_id = games.game_id
)

select * from final
