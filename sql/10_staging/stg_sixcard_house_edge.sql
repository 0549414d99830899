-- grain: one row per six-card ruleset whose house edge of perfect play `rasklad house-edge` computed
-- key: ruleset
select
    ruleset,
    house_edge,
    count_deals,
    count_canonical_deals,
    method,
    cpu_seconds,
    wall_seconds,
    computed_at,
    rules_version,
from sixcard_house_edge
