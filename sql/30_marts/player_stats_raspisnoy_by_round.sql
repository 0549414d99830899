-- grain: one row per player, club, round kind and cards dealt (all time)
-- games: raspisnoy, raspisnoy_sheet
-- key: player, club, kind, cards
-- incremental: player, club
-- bid_accuracy = count_exact_rounds / count_bid_rounds: the rounds he took exactly what he bid, of
-- the rounds he bid in (a round without a bid counts in neither). Summed over clubs, names or days,
-- the counts add up and the accuracy is their quotient, never an average of accuracies. The Player
-- review runs this same select over the rounds of int_raspisnoy_rounds its dates and club keep
-- (player and club null for a person's names and clubs together).
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
        count_bid_rounds,
        count_exact_rounds,
        count_exact_rounds / nullif(count_bid_rounds, 0) as bid_accuracy,
        count_overtricks,
        points_per_round(round_points, count_rounds) as points_per_round,
    from totals
)

select * from final
