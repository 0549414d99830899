-- grain: one row per screen name linked to a person (rasklad alias)
-- key: player
select
    player,
    person,
    linked_at,
from aliases
