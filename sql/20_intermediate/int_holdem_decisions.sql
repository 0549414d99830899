-- grain: one row per betting decision (fold, check, call, bet, raise) of a player in a Hold'em hand
-- key: game_id, action_no
-- Each decision carries what the player faced: the raise level, what came before it on the
-- street, and the chips he had left, so the stats can tell an opportunity from an action. The
-- ingest writes what came before into each action's row (holdem_actions: raise_level,
-- decision_no, count_entries_before, invested_before …, see docs/warehouse.md).
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

decisions as (
    select * from actions where action in ('fold', 'check', 'call', 'bet', 'raise')
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
