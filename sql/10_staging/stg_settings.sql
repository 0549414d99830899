-- grain: one row per setting of the warehouse ('me': the person the pages start from)
-- key: name
select
    name,
    value,
from settings
