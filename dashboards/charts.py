"""The Altair charts of the dashboards, each taking the frame a query of ``queries.py`` returns.

Exact decimals stay in the tables; charts draw them as floats (``numeric``). An axis that counts or
numbers things (hands played, a session's number, findings, a rank) is ticked at whole numbers only
(:func:`whole_axis`): Vega-Lite would tick two sessions at 1.00, 1.05 … 2.00.
"""

from __future__ import annotations

import altair as alt
import polars as pl

WINNINGS_LINES = {
    "won": "Net won",
    "showdown": "At showdown",
    "non_showdown": "Without showdown",
    "allin_ev": "All-in EV",
}
WINNINGS_COLORS = ["#1a7f37", "#1f6feb", "#d93025", "#f29900"]

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]
"""The colours of categories, taken in the order of :data:`CATEGORY_ORDERS`: a round kind has one colour
in every chart, even where a chart lacks another kind (Vega-Lite colours by the kinds each chart has)."""

GAME_COLORS = [*PALETTE, "#bcbd22", "#17becf", "#000000", "#aec7e8"]
"""A colour for each raspisnoy game of :func:`running_totals`: Vega-Lite's ten would repeat from the eleventh on."""

GAMES_DRAWN = len(GAME_COLORS)
"""The most raspisnoy games (the latest) :func:`running_totals` is given: one colour each."""

BELOW = alt.Legend(orient="bottom", columns=2, labelLimit=240)
"""A legend under its chart, two entries a row: beside or above it, a phone's width cuts it off."""


def room_for_legend(plot_height: int, entries: int) -> int:
    """A chart's height with its :data:`BELOW` legend: the page fits plot and legend in the height
    given, so the legend's rows (and its title) are added, or the plot shrinks and the last rows are cut."""
    return plot_height + 22 * ((entries + 1) // 2) + 24


def whole_axis(**options) -> alt.Axis:
    """The axis of a count or an ordinal: ticks one apart at least, written without decimals."""
    return alt.Axis(tickMinStep=1, format="d", **options)


def is_whole(values: pl.Series) -> bool:
    """Whether every value is a whole number (a count, whole points): its axis is :func:`whole_axis`."""
    numbers = values.drop_nulls().cast(pl.Float64)
    return (numbers == numbers.round(0)).all()


def numeric(frame: pl.DataFrame) -> pl.DataFrame:
    """Decimal columns as Float64, for drawing only."""
    return frame.with_columns(pl.col(pl.Decimal).cast(pl.Float64))


def winnings(frame: pl.DataFrame, unit: str) -> alt.Chart:
    """Cumulative winnings by hand: net won, at showdown, without showdown, and all-in EV."""
    long = (
        numeric(frame)
        .unpivot(index=["hand_no"], on=list(WINNINGS_LINES), variable_name="line", value_name="amount")
        .with_columns(pl.col("line").replace_strict(WINNINGS_LINES))
    )
    return (
        alt.Chart(long)
        .mark_line(interpolate="step-after", strokeWidth=1.6)
        .encode(
            x=alt.X("hand_no:Q", title="Hands played", axis=whole_axis()),
            y=alt.Y("amount:Q", title=f"Cumulative ({unit})"),
            color=alt.Color("line:N", title=None, sort=list(WINNINGS_LINES.values()),
                            scale=alt.Scale(domain=list(WINNINGS_LINES.values()), range=WINNINGS_COLORS),
                            legend=BELOW),
            tooltip=["hand_no:Q", "line:N", alt.Tooltip("amount:Q", format=",.2f")],
        )
        .properties(height=room_for_legend(340, len(WINNINGS_LINES)))
    )


def running_totals(frame: pl.DataFrame) -> alt.Chart:
    """Raspisnoy: the running total after each round, one line per game, at most :data:`GAMES_DRAWN`."""
    data = numeric(frame).with_columns(pl.col("game_name").alias("game"))
    return (
        alt.Chart(data)
        .mark_line(point=True)
        .encode(
            x=alt.X("round_no:Q", title="Round", axis=whole_axis()),
            y=alt.Y("total:Q", title="Running total (points)"),
            color=alt.Color("game:N", title="Game", scale=alt.Scale(range=GAME_COLORS), legend=BELOW),
            tooltip=["game:N", "round_no:Q", "cards:Q", "kind:N", "bid:Q", "tricks:Q", "points:Q", "total:Q"],
        )
        .properties(height=room_for_legend(320, data["game"].n_unique()))
    )


CATEGORY_ORDERS = {
    "kind": ("regular", "no-trump", "blind", "misere", "golden"),
    "row": ("front", "middle", "back"),
    "measure": ("observed", "exact"),
    "severity": ("error", "warning", "info"),
}
"""The order of each field's categories, the same in every chart and legend: raspisnoy's round kinds,
the rows of a Chinese board as laid (front to back), and so on; their colours follow it (:data:`PALETTE`)."""




def category_scale(field: str, values: pl.Series) -> alt.Scale:
    """One colour per category of ``field``, in its set order, then any other in the order met."""
    known = CATEGORY_ORDERS.get(field, ())
    domain = [*known, *(v for v in values.unique(maintain_order=True).to_list() if v not in known)]
    return alt.Scale(domain=domain, range=(PALETTE * (len(domain) // len(PALETTE) + 1))[:len(domain)])


def category_order(field: str, values: pl.Series) -> list:
    """The categories of ``field`` drawn along an axis: in their set order, else in the frame's own
    (the order the query gave, as the table beside the chart reads), never alphabetical."""
    present = values.unique(maintain_order=True).to_list()
    known = [v for v in CATEGORY_ORDERS.get(field, ()) if v in present]
    return [*known, *(v for v in present if v not in known)]


MANY_BARS = 8
"""More categories than this, named by words, lie on their side, a row each: slanted, the labels of
17 rules overlap in the Audit's narrow column (numbers, such as the cards dealt, stay upright)."""


def bars(frame: pl.DataFrame, x: str, y: str, *, color: str | None = None, x_title: str | None = None,
         y_title: str | None = None, y_format: str | None = None, height: int = 260,
         color_title: str | None = None) -> alt.Chart:
    """Grouped bars (``color`` splits each x into side-by-side bars), each bar labelled: a label that
    does not fit is slanted, never left out (Vega-Lite hides every other label that overlaps); more than
    :data:`MANY_BARS` categories are drawn across, one row and label each. Bars of counts or whole points
    are ticked at whole numbers. Categories keep one order and colour in every chart (:func:`category_order`,
    :func:`category_scale`); ``color_title`` names the legend in words."""
    data = numeric(frame)
    x_order = category_order(x, data[x]) if data.schema[x] == pl.String else None
    legend_title = color_title or color
    color_scale = category_scale(color, data[color]) if color else None
    y_axis = alt.Axis(format=y_format) if y_format else whole_axis() if is_whole(data[y]) else alt.Axis()
    longest = max((len(str(value)) for value in data[x].to_list()), default=0)
    if data[x].n_unique() > MANY_BARS and longest > 4:
        across = {
            "y": alt.Y(f"{x}:O", title=x_title or x, sort=x_order, axis=alt.Axis(labelOverlap=False, labelLimit=240)),
            "x": alt.X(f"{y}:Q", title=y_title or y, axis=y_axis),
            "tooltip": [c for c in (x, y, color) if c],
        }
        if color:
            # the legend below: beside the labels it would leave the bars no width in a narrow column
            across["color"] = alt.Color(f"{color}:N", title=legend_title, scale=color_scale,
                                        legend=alt.Legend(orient="bottom"))
            across["yOffset"] = alt.YOffset(f"{color}:N")
        return alt.Chart(data).mark_bar().encode(**across).properties(height=alt.Step(14))
    encoding = {
        "x": alt.X(f"{x}:O", title=x_title or x, sort=x_order,
                   axis=alt.Axis(labelOverlap=False, labelAngle=-40 if longest > 4 else 0, labelLimit=240)),
        "y": alt.Y(f"{y}:Q", title=y_title or y, axis=y_axis),
        "tooltip": [c for c in (x, y, color) if c],
    }
    if color:
        # the legend below, as across: beside the bars it took a phone's last fifth and ran to its edge
        encoding["color"] = alt.Color(f"{color}:N", title=legend_title, scale=color_scale,
                                      legend=alt.Legend(orient="bottom"))
        encoding["xOffset"] = alt.XOffset(f"{color}:N")
    return alt.Chart(data).mark_bar().encode(**encoding).properties(height=height)


def rank_trend(frame: pl.DataFrame, player: str) -> alt.Chart:
    """A player's rank season by season, rank 1 at the top; one line per unit (``unit``) when the
    frame names units, since each unit ranks apart."""
    encoding = {
        "x": alt.X("season:O", title="Season"),
        "y": alt.Y("rank:Q", title=f"Rank of {player}", scale=alt.Scale(reverse=True, zero=False),
                   axis=whole_axis()),
        "tooltip": ["season:O", "rank:Q", "net:Q", "count_games:Q"],
    }
    if "unit" in frame.columns:
        encoding["color"] = alt.Color("unit:N", title="Unit", legend=alt.Legend(orient="top"))
        encoding["tooltip"] = ["season:O", "unit:N", "rank:Q", "net:Q", "count_games:Q"]
    return alt.Chart(numeric(frame.drop("is_tournament", "currency", strict=False))).mark_line(
        point=True).encode(**encoding).properties(height=260)


def sessions(frame: pl.DataFrame, unit: str) -> alt.Chart:
    """Hold'em reports: the running net and all-in EV after each session, numbered in time order."""
    long = frame.select(
        "sitting", pl.col("cumulative_net").cast(pl.Float64).alias("Net won"),
        pl.col("cumulative_allin_ev").cast(pl.Float64).alias("All-in EV"),
    ).unpivot(index="sitting", variable_name="line", value_name="amount")
    return alt.Chart(long).mark_line(point=True).encode(
        x=alt.X("sitting:Q", title="Session", axis=whole_axis()), y=alt.Y("amount:Q", title=f"Cumulative ({unit})"),
        color=alt.Color("line:N", title=None, legend=alt.Legend(orient="top")),
        tooltip=["sitting:Q", "line:N", alt.Tooltip("amount:Q", format=",.2f")],
    ).properties(height=300)
