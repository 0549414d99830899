-- The rates of the marts and of the pages, each defined once: DuckDB macros that the models runner
-- creates in the models file before the first model (so every model, audit, page query and
-- `rasklad query` has them), and that the Spark path writes out in place.
-- A rate is a division of two sums that add up across rows: a page sums the counts of the rows its
-- filters keep, then applies the macro, never an average of rates.

-- An amount in big blinds: a hand whose big blind is zero has no size in big blinds (null), so a
-- bad log neither divides by zero nor counts as zero.
create or replace macro big_blinds(amount, big_blind) as amount / nullif(big_blind, 0);

-- bb/100: net in big blinds per 100 hands, over the hands with a big blind (count_bb_hands); no unit.
create or replace macro bb_per_100(net_big_blinds, count_bb_hands) as
    cast(round(100 * net_big_blinds / nullif(count_bb_hands, 0), 2) as decimal(18, 2));

-- A percentage (0-100) of the opportunities counted beside it; null when there were none.
create or replace macro percent_of(count, opportunities) as 100.0 * count / nullif(opportunities, 0);

-- A plain ratio (AF: bets and raises per call); null when the divisor is zero.
create or replace macro ratio_of(count, divisor) as 1.0 * count / nullif(divisor, 0);
