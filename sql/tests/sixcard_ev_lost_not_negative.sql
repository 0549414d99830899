-- no decision gives away a negative EV: the best option is at least the one taken; and the first
-- decision's loss (ev_best - ev_taken, both at the first decision) is part of ev_lost, which adds
-- the later decisions' (each rounded to 4 places: a margin of 2/10,000)
select game_id, hand_no, box, ev_best, ev_taken, ev_lost
from int_sixcard_boxes
where ev_lost < 0 or ev_taken > ev_best or ev_best - ev_taken > ev_lost + 0.0002
