-- grain: one row per player per game, with the game's date, club and the player's placement
with

games as (
    select * from stg_games
),

players as (
    select * from stg_game_players
),

final as (
    select
        players.game_id,
        players.game,
        players.player,
        players.seat,
        players.net,
        games.played_at,
        games.club,
        games.table_name,
        rank() over (partition by players.game_id order by players.net desc) as placement,
        count(*) over (partition by players.game_id) as count_players,
    from players
    join games using (game_id, game)
)

select * from final
