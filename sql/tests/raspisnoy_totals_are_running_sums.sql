-- every raspisnoy total is the running sum of the player's points, and a game's net is its last total
with

running as (
    select
        game_id,
        player,
        round_no,
        total,
        sum(points) over (partition by game_id, player order by round_no) as running_total,
        row_number() over (partition by game_id, player order by round_no desc) as from_last,
    from stg_raspisnoy_rounds
)

select game_id, player, round_no, 'total is not the running sum' as problem
from running
where total <> running_total
union all
select running.game_id, running.player, running.round_no, 'net is not the last total' as problem
from running
join stg_game_players as players using (game_id, player)
where running.from_last = 1 and players.net <> running.total
