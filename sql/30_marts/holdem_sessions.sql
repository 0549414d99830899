-- grain: one row per sitting of a player at one game (holdem: 52 cards, holdem36: short deck), club and room (site) in one unit, cash and tournaments apart
-- games: holdem, holdem36
-- A sitting is a run of his Hold'em hands of one deck, each within 30 minutes of the one before (30 minutes
-- exactly joins; tables played at once, and a run across midnight, are one sitting). A screen name's: a
-- person's linked names keep sittings of their own. Short-deck hands sit apart from 52-card ones, even
-- at the same minutes and stakes: their big blinds (a button blind) and their nets are another game's.
-- key: player, game, currency, is_tournament, club, site, session_no
-- incremental: player, game, currency, is_tournament, club
-- sittings: session_no over player, game, currency, is_tournament, club, site from hand_list.played_at between started_at and ended_at
-- An ingest recomputes only the sittings its hands reach (with the sitting before and after each, which a
-- new hand may join) and renumbers the later ones.
-- duration_minutes runs from the first hand's start to the last hand's start, in whole minutes elapsed
-- (truncated: 97 min 19 s is 97; date_diff('minute') counts the minute marks crossed, 98, and DuckDB's
-- date_sub, which truncates, is a date's subtraction in Spark: whole seconds, the logs' grain, over 60);
-- hands without a date belong to no sitting, nor does a cancelled hand (macro is_played: no hand played).
-- stakes lists the stakes played with their betting structure ('No Limit $1/$2 USD,
-- Pot Limit $1/$2 USD': stakes_label), as the pages' stakes filter names them. allin_ev_net beside
-- net_won is the all-in EV line of the sitting.
-- played_in_utc: the sitting's times are in UTC (its hands' logs name their zone), false: as its logs
-- wrote them; null when its hands are of both (or stored before games.played_in_utc).
with

hands as (
    select
        player, played_at, played_in_utc, game_id, table_name,
        stakes_label(stakes, betting) as stakes,
        net, allin_ev_net, net_big_blinds, big_blind, rake_paid,
    from hand_list
    where played_at is not null and is_played(is_cancelled)
),

runs as (
    -- each run of hands the sittings split (a player's, of one game, unit, club and room) as one
    -- number, which the windows below sort on and the totals group by: on the six columns, the sorts
    -- compared all six for every pair of hands of one run before their times, and the grouping did per
    -- hand (a fifth of the model's CPU at 20,000 hands, numbering the runs included)
    select
        *,
        row_number() over (order by player, game, currency, is_tournament, club, site) as run_no,
    from (
        select distinct player, game, currency, is_tournament, club, site,
        from hand_list
        where played_at is not null and is_played(is_cancelled)
    )
),

marked as (
    -- the hands' keys and times alone, read apart from hands: a window sorts every column it
    -- carries, and a relation read twice is kept whole for both readers
    select
        hand_list.player,
        hand_list.game_id,
        runs.run_no,
        hand_list.played_at,
        case
            when lag(hand_list.played_at) over sitting is null then 1
            when hand_list.played_at - lag(hand_list.played_at) over sitting > interval 30 minute then 1
            else 0
        end as starts_sitting,
    from hand_list
    join runs
        -- (null-safe, as a partition's columns are: a run of null club is one run)
        on hand_list.player is not distinct from runs.player
        and hand_list.game is not distinct from runs.game
        and hand_list.currency is not distinct from runs.currency
        and hand_list.is_tournament is not distinct from runs.is_tournament
        and hand_list.club is not distinct from runs.club
        and hand_list.site is not distinct from runs.site
    where hand_list.played_at is not null and is_played(hand_list.is_cancelled)
    window sitting as (partition by runs.run_no order by hand_list.played_at, hand_list.game_id)
),

sittings as (
    -- each hand's sitting: the sittings started at or before it, counted in time order. A running
    -- count over the keys grows with the hands; joining each hand to every sitting of its player
    -- and keeping the one whose times hold it grew with hands times sittings (200,000 hands of one
    -- player in 2,000 sittings: 1.1 CPU-s, where the count takes 0.16)
    select
        game_id,
        player,
        run_no,
        sum(starts_sitting) over (
            partition by run_no
            order by played_at, game_id
            rows between unbounded preceding and current row
        ) as session_no,
    from marked
),

numbered as (
    -- each hand in its sitting (a hand's key: game and player; the sums below add up in any order:
    -- decimals, counts and lists)
    select
        hands.*,
        sittings.run_no,
        sittings.session_no,
    from hands
    join sittings
        on hands.game_id = sittings.game_id
        and hands.player = sittings.player
),

totals as (
    -- per sitting, by its run's number (the run's six columns are joined back once per sitting)
    select
        run_no,
        cast(session_no as integer) as session_no,
        min(played_at) as started_at,
        max(played_at) as ended_at,
        cast(min(played_at) as date) as played_on,
        date_diff('second', min(played_at), max(played_at)) // 60 as duration_minutes,
        case
            when count(played_in_utc) < count(*) then null
            when bool_and(played_in_utc) then true
            when not bool_or(played_in_utc) then false
        end as played_in_utc,
        count(*) as count_hands,
        count(distinct table_name) as count_tables,
        array_to_string(list_sort(list_distinct(list(stakes))), ', ') as stakes,
        sum(net) as net_won,
        sum(allin_ev_net) as allin_ev_net,
        sum(net_big_blinds) as net_big_blinds,
        count(*) filter (where big_blind > 0) as count_bb_hands,
        bb_per_100(sum(net_big_blinds), count(*) filter (where big_blind > 0)) as bb_per_100,
        sum(rake_paid) as rake_paid,
        sum(decimal_big_blinds(rake_paid, big_blind)) as rake_paid_big_blinds,
    from numbered
    group by run_no, session_no
),

final as (
    select
        runs.player,
        runs.game,
        runs.currency,
        runs.is_tournament,
        runs.club,
        runs.site,
        totals.session_no,
        totals.started_at,
        totals.ended_at,
        totals.played_on,
        totals.duration_minutes,
        totals.played_in_utc,
        totals.count_hands,
        totals.count_tables,
        totals.stakes,
        totals.net_won,
        totals.allin_ev_net,
        totals.net_big_blinds,
        totals.count_bb_hands,
        totals.bb_per_100,
        totals.rake_paid,
        totals.rake_paid_big_blinds,
    from totals
    join runs on totals.run_no = runs.run_no
)

select * from final
