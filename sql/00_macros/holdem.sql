-- The rules of a Hold'em decision, each written once: int_holdem_decisions gives them per decision,
-- int_holdem_player_hands applies them to the decisions its flags count.

-- A betting decision: what the player chose when it was his turn (not a post, a return, a collect
-- nor a show).
create or replace macro is_decision(action) as action in ('fold', 'check', 'call', 'bet', 'raise');

-- A hand that was played: not a cancelled one (holdem_results.is_cancelled: its posts go back, and
-- it has no pot), whose actions are no decisions: it counts for no statistic, whatever its log
-- writes before it stops (888poker keeps the fold of the player whose declined blind cancelled it).
-- The flag, not the pot: a pot of 0 is no sign of a cancelled hand. Null (not known): played.
create or replace macro is_played(is_cancelled) as is_cancelled is not true;

-- He won money from the pot: what he collected, less the cash-out the room settled with him outside
-- the pot (holdem_results.cash_out, which collected includes: paid to him, or by him when negative,
-- GGPoker's Cashout Risk), is above zero. A cash-out is no pot won, whatever his cards do (a
-- PokerStars pot he would have won is not awarded to him; one he loses leaves him the cash-out). A
-- split pot's share, a side pot alone and a pot won uncontested are pots won; an uncalled bet
-- returned is not collected. The replay's won_at_showdown (W$SD) counts the same way; WWSF reads this.
create or replace macro won_from_pot(collected, cash_out) as collected - coalesce(cash_out, 0) > 0;

-- A bet or a raise.
create or replace macro is_aggressive(action) as action in ('bet', 'raise');

-- The player had the option to raise, as PokerTracker 4 counts a chance (a 3-bet chance is a decision
-- facing the open raise where he could re-raise). Three things take that option away: no chips beyond
-- the call, betting that was not reopened to him, and nobody left to raise against (every other player
-- still in the hand is all-in). Whether the betting was reopened to him is the replay's ruling, stored
-- with the decision (holdem_actions.is_reopened, rule HE-MIN-RAISE), not worked out again here; rows
-- an older Rasklad wrote lack it (null) and count as reopened. A stack the log does not state is
-- deeper than any bet, as the replay plays it.
-- count_dealt: the players dealt in (holdem_results.count_players); count_out_before: those folded or
-- all-in before the decision (another player neither folded nor all-in: he himself is neither, as he decides).
create or replace macro could_raise(stack_before, to_call, is_reopened, count_dealt, count_out_before) as
    coalesce(stack_before > coalesce(to_call, 0), true)
    and coalesce(is_reopened, true)
    and count_dealt - count_out_before >= 2;

-- Stakes as the pages offer and show them: the betting structure before the room's label
-- ('No Limit $1/$2 USD', 'Limit 1/2'). The structure is part of every key by stakes, as PokerTracker 4
-- keeps Limit apart from No Limit: the same label may name both (a Limit table's bets and a No Limit
-- table's blinds), so the label alone would add a Limit row to a No Limit one.
create or replace macro stakes_label(stakes, betting) as
    case betting
        when 'no_limit' then 'No Limit '
        when 'pot_limit' then 'Pot Limit '
        when 'limit' then 'Limit '
        else ''
    end || stakes;

-- order_from_button(position), a seat's place in the hand's order clockwise from the button, has no
-- copy here: the model runner writes it from the rules' order of the positions before these macros
-- (pipeline/models.py, generated_macros).
