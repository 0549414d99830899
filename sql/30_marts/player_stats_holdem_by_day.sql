-- grain: one row per player, site (the poker room), day, club, game, cash or tournament, currency, stakes and betting structure
-- games: holdem, holdem36
-- key: player, site, played_on, club, game, is_tournament, currency, stakes, betting
-- incremental: player, site, played_on, club, game, is_tournament, currency, stakes, betting
-- merge: person = new.person
-- merge: count_hands = old.count_hands + new.count_hands
-- merge: net_won = coalesce(old.net_won + new.net_won, old.net_won, new.net_won)
-- merge: net_big_blinds = coalesce(old.net_big_blinds + new.net_big_blinds, old.net_big_blinds, new.net_big_blinds)
-- merge: count_bb_hands = old.count_bb_hands + new.count_bb_hands
-- merge: count_person_hands = old.count_person_hands + new.count_person_hands
-- merge: count_person_bb_hands = old.count_person_bb_hands + new.count_person_bb_hands
-- merge: net_showdown = old.net_showdown + new.net_showdown
-- merge: allin_ev_net = coalesce(old.allin_ev_net + new.allin_ev_net, old.allin_ev_net, new.allin_ev_net)
-- merge: rake_paid = old.rake_paid + new.rake_paid
-- merge: rake_paid_big_blinds = coalesce(old.rake_paid_big_blinds + new.rake_paid_big_blinds, old.rake_paid_big_blinds, new.rake_paid_big_blinds)
-- merge: count_vpip_opportunities = old.count_vpip_opportunities + new.count_vpip_opportunities
-- merge: count_vpip = old.count_vpip + new.count_vpip
-- merge: count_pfr_opportunities = old.count_pfr_opportunities + new.count_pfr_opportunities
-- merge: count_pfr = old.count_pfr + new.count_pfr
-- merge: count_three_bet_opportunities = old.count_three_bet_opportunities + new.count_three_bet_opportunities
-- merge: count_three_bet = old.count_three_bet + new.count_three_bet
-- merge: count_fold_to_three_bet_opportunities = old.count_fold_to_three_bet_opportunities + new.count_fold_to_three_bet_opportunities
-- merge: count_fold_to_three_bet = old.count_fold_to_three_bet + new.count_fold_to_three_bet
-- merge: count_postflop_bets_raises = old.count_postflop_bets_raises + new.count_postflop_bets_raises
-- merge: count_postflop_calls = old.count_postflop_calls + new.count_postflop_calls
-- merge: count_postflop_folds = old.count_postflop_folds + new.count_postflop_folds
-- merge: count_saw_flop = old.count_saw_flop + new.count_saw_flop
-- merge: count_went_to_showdown = old.count_went_to_showdown + new.count_went_to_showdown
-- merge: count_won_at_showdown = old.count_won_at_showdown + new.count_won_at_showdown
-- merge: count_won_when_saw_flop = old.count_won_when_saw_flop + new.count_won_when_saw_flop
-- merge: count_cbet_flop_opportunities = old.count_cbet_flop_opportunities + new.count_cbet_flop_opportunities
-- merge: count_cbet_flop = old.count_cbet_flop + new.count_cbet_flop
-- merge: count_fold_to_cbet_flop_opportunities = old.count_fold_to_cbet_flop_opportunities + new.count_fold_to_cbet_flop_opportunities
-- merge: count_fold_to_cbet_flop = old.count_fold_to_cbet_flop + new.count_fold_to_cbet_flop
-- merge: count_steal_opportunities = old.count_steal_opportunities + new.count_steal_opportunities
-- merge: count_steal_attempt = old.count_steal_attempt + new.count_steal_attempt
-- The counts behind every figure of the per-player Hold'em statistics, by day and club: mergeable sums, so that a
-- page adds the rows its dates, club and room keep (and a person's accounts), then divides the
-- summed counts (vpip = percent_of(count_vpip, count_vpip_opportunities)): a rate of two rows is never an
-- average of their rates. net_big_blinds is over the hands with a big blind (count_bb_hands).
-- person: the person the account (site, player) belongs to (int_accounts). Every count adds up with
-- the counts of new games (a sum of no amount is null), so an ingest merges the rows its games reach
-- without reading the players' history; the rows it adds follow the stored ones.
-- betting (no_limit, pot_limit, limit) is part of the key beside stakes, as PokerTracker 4 keeps the
-- structures apart: a room may label a Limit table's bets as a No Limit table's blinds ('1/2'), and
-- their figures in big blinds are not alike.
-- count_person_hands, count_person_bb_hands: the hands (with a big blind) that count for the person:
-- a hand two of his linked names sat in counts on his first name's row only (int_repeat_seats), so
-- that a person's rows add up to each hand once, as the leaderboards count it. A page adds them
-- for his accounts together (his net is both seats' nets added); the other counts are each seat's
-- own play, over its own chances.
-- The rows are kept in person order, so that one person's page reads few blocks.
with

accounts as (
    select * from int_accounts
),

hands as (
    -- the hands played (a cancelled one counts for no statistic: macro is_played); a hand's repeat
    -- seats are few: the join costs a lookup per hand
    select seats.*, repeats.player is not null as is_repeat_seat,
    from hand_list as seats
    left join int_repeat_seats as repeats on repeats.game_id = seats.game_id and repeats.player = seats.player
    where is_played(seats.is_cancelled)
),

totals as (
    -- the account's person is joined to these sums, not to every hand: (player, site) decides it
    select
        player,
        site,
        played_on,
        club,
        game,
        is_tournament,
        currency,
        stakes,
        betting,
        count(*) as count_hands,
        sum(net) as net_won,
        sum(net_big_blinds) as net_big_blinds,
        count(*) filter (where big_blind > 0) as count_bb_hands,
        count(*) filter (where not is_repeat_seat) as count_person_hands,
        count(*) filter (where big_blind > 0 and not is_repeat_seat) as count_person_bb_hands,
        -- net in the hands he took to showdown (PokerTracker's blue line); the rest is the red line
        coalesce(sum(net) filter (where went_to_showdown), 0) as net_showdown,
        sum(allin_ev_net) as allin_ev_net,
        -- the rake attributed to him (hand_list.rake_paid: 0 in a hand without rake), in big blinds
        -- over the hands with a big blind, as net_big_blinds
        sum(rake_paid) as rake_paid,
        sum(decimal_big_blinds(rake_paid, big_blind)) as rake_paid_big_blinds,
        count(*) filter (where is_vpip_opportunity) as count_vpip_opportunities,
        count(*) filter (where is_vpip) as count_vpip,
        count(*) filter (where is_pfr_opportunity) as count_pfr_opportunities,
        count(*) filter (where is_pfr) as count_pfr,
        count(*) filter (where is_three_bet_opportunity) as count_three_bet_opportunities,
        count(*) filter (where is_three_bet) as count_three_bet,
        count(*) filter (where is_fold_to_three_bet_opportunity) as count_fold_to_three_bet_opportunities,
        count(*) filter (where is_fold_to_three_bet) as count_fold_to_three_bet,
        sum(count_postflop_bets_raises)::bigint as count_postflop_bets_raises,
        sum(count_postflop_calls)::bigint as count_postflop_calls,
        sum(count_postflop_folds)::bigint as count_postflop_folds,
        count(*) filter (where saw_flop) as count_saw_flop,
        count(*) filter (where went_to_showdown) as count_went_to_showdown,
        count(*) filter (where won_at_showdown) as count_won_at_showdown,
        count(*) filter (where is_won_when_saw_flop) as count_won_when_saw_flop,
        count(*) filter (where is_cbet_flop_opportunity) as count_cbet_flop_opportunities,
        count(*) filter (where is_cbet_flop) as count_cbet_flop,
        count(*) filter (where is_fold_to_cbet_flop_opportunity) as count_fold_to_cbet_flop_opportunities,
        count(*) filter (where is_fold_to_cbet_flop) as count_fold_to_cbet_flop,
        count(*) filter (where is_steal_opportunity) as count_steal_opportunities,
        count(*) filter (where is_steal_attempt) as count_steal_attempt,
    from hands
    group by player, site, played_on, club, game, is_tournament, currency, stakes, betting
),

final as (
    select
        totals.player,
        totals.site,
        coalesce(accounts.person, totals.player) as person,
        totals.* exclude (player, site),
    from totals
    left join accounts on accounts.player = totals.player and accounts.site is not distinct from totals.site
)

select * from final
order by person, player, played_on
