-- grain: one row per betting decision (fold, check, call, bet, raise) of a player in a Hold'em hand
-- that was played (a cancelled hand has none: macro is_played)
-- key: game_id, action_no
-- Each decision carries what the player faced: the raise level, what came before it on the
-- street, and the chips he had left, so the stats can tell an opportunity from an action. The
-- ingest writes what came before into each action's row (holdem_actions: raise_level,
-- decision_no, count_entries_before, invested_before …, see docs/warehouse.md).
-- could_raise: the player had the option to raise, as PokerTracker 4 counts a chance (the macro
-- could_raise of sql/00_macros/holdem.sql says when).
with

actions as (
    select * from stg_holdem_actions
),

results as (
    select game_id, player, stack_start, count_players, is_cancelled from stg_holdem_results
),

decisions as (
    select * from actions where is_decision(action)
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
        decisions.is_reopened,
        could_raise(results.stack_start - decisions.invested_before, decisions.to_call, decisions.is_reopened,
                    results.count_players, decisions.count_out_before) as could_raise,
        is_aggressive(decisions.action) as is_aggressive,
    from decisions
    left join results using (game_id, player)
    where is_played(results.is_cancelled)      -- a cancelled hand's actions are no decisions
)

select * from final
