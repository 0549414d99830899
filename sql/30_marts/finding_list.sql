-- grain: one row per rule broken in a game, with the game's date, club, room and players: what the audit lists and filters
-- key: game_id, rule_id, line, message, expected, actual
-- incremental: game_id
-- players: the game's players by name, so that the audit's player filter reads no other table. The
-- columns are in the order the audit lists them.
with

findings as (
    select * from stg_findings
),

games as (
    select * from stg_games
),

game_players as (
    select * from stg_game_players
),

players as (
    select
        game_id,
        list(distinct player order by player) as players,
    from game_players
    where game_id in (select game_id from findings)
    group by game_id
),

final as (
    select
        findings.game_id,
        findings.game,
        games.played_at,
        games.played_in_utc,
        games.club,
        games.name_in_log,
        findings.rule_id,
        findings.severity,
        findings.line,
        findings.message,
        findings.expected,
        findings.actual,
        findings.source_file,
        games.site,
        coalesce(players.players, []) as players,
        findings.subject,
    from findings
    join games on games.game_id = findings.game_id
    left join players on players.game_id = findings.game_id
)

select * from final
order by played_at nulls last, source_file, line
