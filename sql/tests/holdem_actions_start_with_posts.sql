-- every Hold'em hand's actions open with its posts (blinds, antes), numbered from 0
select
    game_id,
    min(action_no) as first_action_no,
    arg_min(action, action_no) as first_action,
from stg_holdem_actions
group by game_id
having min(action_no) <> 0 or arg_min(action, action_no) not like 'post_%'
