-- grain: one row per betting decision (fold, check, call, bet, raise) of a player in a Hold'em hand
-- key: game_id, action_no
-- Each decision carries what the player faced: the raise level, what came before it on the
-- street, and the chips he had left, so the stats can tell an opportunity from an action.
-- raise_level: the bets and raises made on the street before this decision, every one counted
-- as PokerTracker 4 counts them: an all-in raise short of a full raise is a raise level too (the
-- log says "raises"), while bet_level, the rules' own, counts full raises only. Preflop the big
-- blind is level 1, so an open raise is the 2-bet and a re-raise of it the 3-bet.
-- could_raise: the player had the option to raise, as PokerTracker 4 counts a chance (a 3-bet chance
-- is a decision facing the open raise where he could re-raise). Three things take that option away:
-- no chips beyond the call, betting that was not reopened to him, and nobody left to raise against
-- (every other player still in the hand is all-in). A bet or raise is full when it
-- raises by at least the last full increment (the big blind to start with); a smaller all-in does
-- not reopen the betting to a player who has already acted on the street, unless the raises since
-- his last action add up to a full one (what he must call is at least the last full increment).
-- In Limit, an all-in of half a bet or more counts as a full raise.
with

actions as (
    select * from stg_holdem_actions
),

results as (
    select game_id, player, stack_start, big_blind, betting from stg_holdem_results
),

dealt as (
    select game_id, count(*) as count_dealt from stg_holdem_results group by game_id
),

chips as (
    select
        actions.*,
        -- chips this player had put in before this action (posts included, returns taken back)
        coalesce(sum(
            case
                when action in ('uncalled', 'collect') then -amount
                when action in ('show', 'muck') then 0
                else coalesce(amount, 0)
            end
        ) over (
            partition by game_id, player order by action_no
            rows between unbounded preceding and 1 preceding
        ), 0) as invested_before,
        -- players out of the betting before this action: folded, or all-in (posts included)
        coalesce(sum(case when action = 'fold' or is_all_in then 1 else 0 end) over (
            partition by game_id order by action_no
            rows between unbounded preceding and 1 preceding
        ), 0) as count_out_before,
    from actions
),

-- What a decision faced on its street. Only decisions count there (posts, returns and shows are
-- neither calls, bets nor raises), so these windows sort the decisions alone, and all of them
-- share one sort (one partition and order).
street_decisions as (
    select
        chips.*,
        -- calls, bets and raises by anyone earlier on this street (0: folded to this player)
        coalesce(sum(case when action in ('call', 'bet', 'raise') then 1 else 0 end) over street_before, 0)
            as count_entries_before,
        -- the largest raise increment on this street before this action (the last full one: a
        -- short all-in never exceeds it)
        max(case when action in ('bet', 'raise') then amount - coalesce(to_call, 0) end) over street_before
            as full_increment_before,
        -- bets and raises by anyone earlier on this street, short all-ins included, over the
        -- level where the street starts: the bet level of its first decision
        first_value(bet_level) over street
            + coalesce(sum(case when action in ('bet', 'raise') then 1 else 0 end) over street_before, 0)
            as raise_level,
    from chips
    where action in ('fold', 'check', 'call', 'bet', 'raise')
    window
        street as (partition by game_id, street order by action_no),
        -- (written out, not as "street rows …": Spark SQL names no window from another one)
        street_before as (partition by game_id, street order by action_no
                          rows between unbounded preceding and 1 preceding)
),

-- A player's decisions on a street, counted from 1, and counted again from 1 at each raise level.
-- The raise level never goes down along a street, so ordering by it first keeps the order of
-- the actions, and one sort serves both counts: the count at a level is the count on the
-- street less the decisions at the levels below (none when the street's level is unknown).
decisions as (
    select
        street_decisions.*,
        row_number() over players_street as decision_no,
        row_number() over players_street - count(raise_level) over (
            partition by game_id, player, street order by raise_level
            range between unbounded preceding and 1 preceding
        ) as decision_no_at_level,
    from street_decisions
    window players_street as (partition by game_id, player, street order by raise_level, action_no)
),

final as (
    select
        decisions.game_id,
        decisions.game,
        decisions.hand_id,
        decisions.action_no,
        decisions.street,
        decisions.player,
        decisions.position,
        decisions.action,
        decisions.amount,
        decisions.to_call,
        decisions.bet_level,
        decisions.raise_level,
        decisions.is_all_in,
        decisions.decision_no,
        decisions.decision_no_at_level,
        decisions.count_entries_before,
        decisions.invested_before,
        results.stack_start - decisions.invested_before as stack_before,
        -- a stack the log does not state is deeper than any bet, as the replay plays it
        coalesce(results.stack_start - decisions.invested_before > coalesce(decisions.to_call, 0), true)
            and (
                decisions.decision_no = 1
                or coalesce(decisions.to_call, 0) * (case when results.betting = 'limit' then 2 else 1 end)
                    >= greatest(coalesce(decisions.full_increment_before, 0), coalesce(results.big_blind, 0))
            )
            -- another player not folded nor all-in (he himself is neither, as he decides)
            and dealt.count_dealt - decisions.count_out_before >= 2 as could_raise,
        decisions.action in ('bet', 'raise') as is_aggressive,
    from decisions
    left join results using (game_id, player)
    left join dealt using (game_id)
)

select * from final
