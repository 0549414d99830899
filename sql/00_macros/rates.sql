-- The rates of the marts and of the pages, each defined once: DuckDB macros that the models runner
-- creates in the models file before the first model (so every model, audit, page query and
-- `rasklad query` has them), and that the Spark path writes out in place.
-- A rate is a division of two sums that add up across rows: a page sums the counts of the rows its
-- filters keep, then applies the macro, never an average of rates.
-- Rounding, one rule for every mart (docs/warehouse.md, "Marts"): counts and amounts are exact. A rate
-- or an average of counts (a percentage of chances, VPIP, ITM, a foul or scoop rate, an average
-- placement or finish) is never rounded: a double, the same in every mart, which pages and the
-- command line round only to show it, so that it recombines exactly from the counts beside it. An
-- amount per unit is a decimal rounded once, in its mart, where it is defined: bb/100, ROI and
-- raspisnoy points per round to the cent, Chinese poker points and royalties per hand to 4 places.

-- An amount in big blinds: a hand whose big blind is zero has no size in big blinds (null), so a
-- bad log neither divides by zero nor counts as zero.
create or replace macro big_blinds(amount, big_blind) as amount / nullif(big_blind, 0);

-- An amount in big blinds to add up (net_big_blinds): each hand's quotient rounded once, at 1e-12, to a
-- DECIMAL(38, 12). A sum of doubles depends on the order its rows arrive in (threads, an ingest merged
-- into stored sums), which turned bb/100 at a tie of its last cent; decimals add up exactly in any
-- order. The quotient is taken in doubles on every engine (Spark divides decimals to 6 places).
create or replace macro decimal_big_blinds(amount, big_blind) as
    cast(big_blinds(cast(amount as double), big_blind) as decimal(38, 12));

-- An amount down to a whole number of steps (amount and step not negative): exact for two decimals of
-- one type (DuckDB takes the remainder of two decimal types that no decimal holds both of in doubles).
create or replace macro down_to_step(amount, step) as amount - amount % step;

-- amount ÷ count rounded half away from zero to a whole step (a decimal literal: 0.01, 0.0001), exactly.
-- DuckDB divides decimals in doubles, where a quotient at a tie may fall below it (19.2365 / 10 is
-- 1.92364999… and would round to 1.9236; -2999 / 40 = -74.975 would read -74.97), so half a step
-- times the count is added and the sum taken down to whole steps times the count in decimals; the
-- double then divides an exact multiple, which the caller's cast to the step's decimals keeps.
create or replace macro quotient_to_step(amount, count, step) as
    sign(amount) * down_to_step(
        cast(abs(amount) + step * 0.5 * count as decimal(38, 12)),
        cast(step * nullif(count, 0) as decimal(38, 12))
    ) / nullif(count, 0);

-- bb/100: net in big blinds per 100 hands, over the hands with a big blind (count_bb_hands); no unit,
-- to the cent. net_big_blinds is a sum of decimal_big_blinds.
create or replace macro bb_per_100(net_big_blinds, count_bb_hands) as
    cast(quotient_to_step(100 * net_big_blinds, count_bb_hands, 0.01) as decimal(18, 2));

-- An amount per unit to 4 places (six-card ev_lost_per_hand, as ev_lost is stored; Chinese poker and
-- OFC points and royalties per hand).
create or replace macro amount_per_unit(amount, count) as
    cast(quotient_to_step(amount, count, 0.0001) as decimal(18, 4));

-- Raspisnoy points per round, to the cent.
create or replace macro points_per_round(points, count_rounds) as
    cast(quotient_to_step(points, count_rounds, 0.01) as decimal(18, 2));

-- A percentage (0-100) of the opportunities counted beside it; null when there were none.
create or replace macro percent_of(count, opportunities) as 100.0 * count / nullif(opportunities, 0);

-- A plain ratio (AF: bets and raises per call); null when the divisor is zero.
create or replace macro ratio_of(count, divisor) as 1.0 * count / nullif(divisor, 0);
