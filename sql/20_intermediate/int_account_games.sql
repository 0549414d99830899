-- grain: one row per account (a screen name in a room; site null for games without a room) that played a stored game
-- key: site, player
-- materialized: table
-- incremental: site, player
-- merge: count_games = old.count_games + new.count_games
-- The games each account played, counted once and kept: the accounts and people read these counts
-- instead of every game's players. A game is new to the warehouse, so an ingest adds its
-- counts to the stored ones. A cancelled Hold'em hand (macro is_played) is no game of anyone's, as
-- int_player_games counts games: an account that sat only in such hands is kept, with no game.
with

games as (
    select game_id, site from stg_games
),

cancelled as (
    -- the hands that were cancelled (the flag is on each of the hand's rows)
    select distinct game_id from stg_holdem_results where not is_played(is_cancelled)
),

final as (
    select games.site, players.player, count(*) filter (where cancelled.game_id is null) as count_games
    from stg_game_players as players
    join games using (game_id)
    left join cancelled on cancelled.game_id = players.game_id
    where is_person(players.is_anonymous)     -- a seat whose name is nobody's is no account
    group by games.site, players.player
)

select * from final
