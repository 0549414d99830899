-- every six-card box's net is what came back less what was wagered (costs included)
select game_id, hand_no, box, net, returned, wagered
from int_sixcard_boxes
where outcome is not null
  and net <> returned - wagered
