-- grain: one row per box per hand of a six-card poker session
-- key: game_id, hand_no, box
with

boxes as (
    select * from stg_sixcard_boxes
),

final as (
    select
        game_id,
        player,
        hand_no,
        box,
        count_boxes,
        ante,
        bet,
        bought_card,
        exchanged_out,
        exchanged_in,
        folded as is_folded,
        bought_card is not null as is_buy,
        exchanged_in is not null as is_exchange,
        bought_dealer_game as is_dealer_buy,
        cards,
        count_cards,
        best_five,
        category,
        dealer_cards,
        dealer_category,
        dealer_qualifies,
        outcome,
        costs,
        net,
        net_written,
        wagered,
        returned,
        ev_taken,
        ev_best,
        best_option,
        option_taken,
        ev_lost,
        line,
    from boxes
)

select * from final
