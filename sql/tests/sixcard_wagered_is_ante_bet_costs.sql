-- every six-card box wagered its ante, its bet and the costs of its draws and dealer-game buy
select game_id, hand_no, box, wagered, ante, bet, costs
from int_sixcard_boxes
where wagered <> ante + bet + costs
