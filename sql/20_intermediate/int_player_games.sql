-- grain: one row per player per game, with the game's date, club and the player's placement
-- key: game_id, player
-- club: '(no club)' for a game without one, here and nowhere else. A six-card session is one
-- player against the house: nobody to place against, so its placement and is_win are null.
-- leaderboard_game: the game as the leaderboards rank it (raspisnoy logs and score sheets are one).
with

games as (
    select * from stg_games
),

players as (
    select * from stg_game_players
),

joined as (
    select
        players.game_id,
        players.game,
        case when players.game in ('raspisnoy', 'raspisnoy_sheet') then 'raspisnoy' else players.game end
            as leaderboard_game,
        players.player,
        players.seat,
        players.net,
        games.played_at,
        coalesce(games.club, '(no club)') as club,
        games.table_name,
        players.game = 'sixcard' as is_house_game,
    from players
    join games using (game_id, game)
),

final as (
    select
        game_id,
        game,
        leaderboard_game,
        player,
        seat,
        net,
        played_at,
        club,
        table_name,
        is_house_game,
        case when not is_house_game then rank() over (partition by game_id order by net desc) end as placement,
        case when not is_house_game then rank() over (partition by game_id order by net desc) = 1 end as is_win,
        count(*) over (partition by game_id) as count_players,
    from joined
)

select * from final
