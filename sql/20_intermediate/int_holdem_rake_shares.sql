-- grain: one row per seat that put money into a raked cash Hold'em hand
-- key: game_id, player
-- The rake each player paid, as PokerTracker's "contributed" method attributes it: the hand's rake
-- shared in proportion to what each seat put in (holdem_results.invested: posts included, an uncalled
-- bet returned excluded), in whole cents that add up to the rake exactly. Each seat gets the cents
-- its exact share holds whole; the cents left over go one each to the largest remainders, equal
-- remainders to the first seat clockwise from the button (macro order_from_button), as the odd chip
-- of a split pot. Every seat of the hand shares, an anonymous one or a sitting-out ante too, so that
-- the shares add up to the rake whoever's rows the marts keep.
-- Tournament hands pay no rake here (a tournament's fee is its rake, in player_tournaments), nor does a
-- cancelled one; a hand nobody put money into has nobody to attribute its rake to.
with

seats as (
    -- in whole cents, HUGEINTs: the product of two amounts the warehouse stores (decimal(18, 2)) may
    -- not fit a BIGINT, nor a hundred times one of them a decimal(18, 2)
    select
        game_id,
        player,
        seat,
        position,
        cast(cast(rake as decimal(38, 2)) * 100 as hugeint) as rake_cents,
        cast(cast(invested as decimal(38, 2)) * 100 as hugeint) as invested_cents,
    from stg_holdem_results
    where rake > 0 and invested > 0 and not is_tournament and is_played(is_cancelled)
),

hands as (
    -- all that was put in (a grouping joined back: a tenth cheaper than a window over the hand)
    select game_id, sum(invested_cents) as put_in_cents,
    from seats
    group by game_id
),

whole_cents as (
    -- rake × invested ÷ all that was put in: its whole cents and what is left over, exactly
    select
        seats.*,
        seats.rake_cents * seats.invested_cents // hands.put_in_cents as floor_cents,
        seats.rake_cents * seats.invested_cents % hands.put_in_cents as remainder,
    from seats
    join hands on seats.game_id = hands.game_id
),

ranked as (
    select
        *,
        rake_cents - sum(floor_cents) over (partition by game_id) as odd_cents,
        row_number() over (
            partition by game_id order by remainder desc, order_from_button(position), seat, player
        ) as remainder_rank,
    from whole_cents
)

select
    game_id,
    player,
    cast(cast(floor_cents + case when remainder_rank <= odd_cents then 1 else 0 end as decimal(38, 0)) * 0.01
        as decimal(18, 2)) as rake_paid,
from ranked
