-- grain: one row per betting decision (fold, check, call, bet, raise) of a player in a Hold'em hand
-- key: game_id, action_no
-- Each decision carries what the player faced: the bet level, what came before it on the
-- street, and the chips he had left, so the stats can tell an opportunity from an action.
with

actions as (
    select * from stg_holdem_actions
),

results as (
    select game_id, player, stack_start from stg_holdem_results
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
        -- calls, bets and raises by anyone earlier on this street (0: folded to this player)
        coalesce(sum(case when action in ('call', 'bet', 'raise') then 1 else 0 end) over (
            partition by game_id, street order by action_no
            rows between unbounded preceding and 1 preceding
        ), 0) as count_entries_before,
    from actions
),

decisions as (
    select
        chips.*,
        row_number() over (partition by game_id, player, street order by action_no) as decision_no,
        row_number() over (partition by game_id, player, street, bet_level order by action_no) as decision_no_at_level,
    from chips
    where action in ('fold', 'check', 'call', 'bet', 'raise')
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
        decisions.is_all_in,
        decisions.decision_no,
        decisions.decision_no_at_level,
        decisions.count_entries_before,
        decisions.invested_before,
        results.stack_start - decisions.invested_before as stack_before,
        -- a raise was possible: chips beyond the call (a short all-in that did not reopen the
        -- betting is rare enough to be left in)
        results.stack_start - decisions.invested_before > coalesce(decisions.to_call, 0) as could_raise,
        decisions.action in ('bet', 'raise') as is_aggressive,
    from decisions
    left join results using (game_id, player)
)

select * from final
