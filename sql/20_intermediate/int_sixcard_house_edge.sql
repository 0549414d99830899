-- grain: one row: the house edge of perfect play under the default six-card rules (one box, bet 2 antes)
-- key: ruleset
-- The figure is computed by `rasklad house-edge` over every deal (exact, up to the suits' symmetry)
-- and stored with the ruleset it holds for (stg_sixcard_house_edge); house_edge_perfect_play is the
-- expected loss per ante (a fraction: 0.03 = 3 % of the ante). Null until that command has run.
select
    wanted.ruleset,
    edge.house_edge as house_edge_perfect_play,
    edge.count_deals,
    edge.count_canonical_deals,
    edge.method,
    edge.cpu_seconds,
    edge.computed_at,
from (select 'default' as ruleset) as wanted
left join stg_sixcard_house_edge as edge on edge.ruleset = wanted.ruleset
