-- no decision gives away a negative EV: the best option is at least the one taken
select game_id, hand_no, box, ev_best, ev_taken, ev_lost
from int_sixcard_boxes
where ev_lost < 0 or ev_taken > ev_best
