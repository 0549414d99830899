-- every raspisnoy trick has exactly one winner, and every card of it names that winner
select game_id, round_no, trick_no
from stg_raspisnoy_tricks
group by all
having count(*) filter (where is_winner) <> 1 or count(distinct winner) <> 1
