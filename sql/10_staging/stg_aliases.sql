-- grain: one row per screen name linked to a person (rasklad alias), in one room or in every room
-- key: site, player
-- site null: the link holds in every room where no link of the name's own room names it, and in
-- games without a room.
-- Names composed (NFC), as the games store them: a link an older Rasklad stored to a decomposed
-- spelling (е + U+0308) holds for the composed one; beside a link of the composed spelling, that
-- one (made by this Rasklad) is kept.
select
    site,
    nfc_normalize(player) as player,
    nfc_normalize(person) as person,
    linked_at,
from aliases
qualify row_number() over (
    partition by site, nfc_normalize(player) order by player = nfc_normalize(player) desc, player
) = 1
