-- a six-card session's player net equals the sum of its boxes' nets
with

boxes as (
    select game_id, sum(net) as net from int_sixcard_boxes group by all
),

players as (
    select game_id, net from stg_game_players where game = 'sixcard'
)

select players.game_id, players.net, boxes.net as boxes_net
from players
left join boxes using (game_id)
where coalesce(boxes.net, 0) <> players.net
