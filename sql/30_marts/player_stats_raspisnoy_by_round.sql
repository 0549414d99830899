-- grain: one row per player, club, round kind and cards dealt (all time)
-- key: player, club, kind, cards
-- incremental: player, club
with

rounds as (
    select * from int_raspisnoy_rounds
),

totals as (
    select
        player,
        club,
        kind,
        cards,
        count(*) as count_rounds,
        count(*) filter (where has_bid) as count_bid_rounds,
        count(*) filter (where is_exact) as count_exact_rounds,
        cast(sum(overtricks) as bigint) as count_overtricks,
        sum(points) as round_points,
    from rounds
    group by all
),

final as (
    select
        player,
        club,
        kind,
        cards,
        count_rounds,
        count_exact_rounds / nullif(count_bid_rounds, 0) as bid_accuracy,
        count_overtricks,
        cast(round(round_points / count_rounds, 2) as decimal(18, 2)) as points_per_round,
    from totals
)

select * from final
