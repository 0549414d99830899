-- grain: one row per screen name linked to a person (rasklad alias), in one room or in every room
-- key: site, player
-- site null: the link holds in every room where no link of the name's own room names it, and in
-- games without a room.
select
    site,
    player,
    person,
    linked_at,
from aliases
