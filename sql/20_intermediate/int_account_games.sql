-- grain: one row per account (a screen name in a room; site null for games without a room) that played a stored game
-- key: site, player
-- materialized: table
-- incremental: site, player
-- merge: count_games = old.count_games + new.count_games
-- The games each account played, counted once and kept: the accounts and people read these counts
-- instead of every game's players. A game is new to the warehouse, so an ingest adds its
-- counts to the stored ones.
with

games as (
    select game_id, site from stg_games
),

final as (
    select games.site, players.player, count(*) as count_games
    from stg_game_players as players
    join games using (game_id)
    where is_person(players.is_anonymous)     -- a seat whose name is nobody's is no account
    group by games.site, players.player
)

select * from final
