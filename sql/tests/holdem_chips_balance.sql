-- chips in = chips out plus rake: in every Hold'em hand the nets and the rake add up to zero
select
    game_id,
    sum(net) as sum_net,
    max(rake) as rake,
from stg_holdem_results
group by game_id
having sum(net) + max(rake) <> 0 or min(rake) <> max(rake)
