"""Small line charts that Dagster shows inline on the asset page, without a click or a second server.

Dagster's UI renders a markdown metadata value in place (the asset's "latest materialization" table and
its events) only while the markdown is under 1000 characters; a longer one hides behind "[Show
Markdown]" (dagster-webserver 1.13, ``MetadataEntry.tsx``: ``expandSmallValues && mdStr.length < 1000``;
its markdown sanitizer allows ``data:`` image sources). No metadata type is an image, and a PNG's data
URI is tens of kilobytes. So these charts are tiny SVGs (integer coordinates on a 200 × 100 grid, no
fonts beyond a few tick labels) in a ``data:`` URI: a learning curve with a dozen points and three
reference lines fits with its caption. The full-size PNGs stay next to them as files and in MLflow.

Compactness: the URI is written raw inside a CommonMark angle-bracket destination (``](<data:...>)``:
spaces allowed, ``<``/``>`` backslash-escaped, 1 character each instead of 3 percent-encoded), and
colours are names, because a ``#`` would end the URI (it starts a fragment).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import dagster as dg

INLINE_LIMIT = 1000  # characters of markdown the UI renders in place (see the module docstring)
W, H = 200, 100
LEFT, RIGHT, TOP, BOTTOM = 22, 196, 6, 86  # the plot area inside the 200 x 100 view box


@dataclass(frozen=True)
class Series:
    """A line with markers; optional error bars (``low``/``high`` per point, same units as ``ys``)."""

    xs: Sequence[float]
    ys: Sequence[float]
    color: str
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None


@dataclass(frozen=True)
class HLine:
    y: float
    color: str
    dash: int = 4  # 0 = solid


@dataclass
class Chart:
    x_min: float
    x_max: float
    y_max: float = 100.0
    series: list[Series] = field(default_factory=list)
    hlines: list[HLine] = field(default_factory=list)
    x_ticks: Sequence[float] = ()
    x_labels: Sequence[str] | None = None  # default: the ticks as integers
    y_label: str = "%"

    def _x(self, x: float) -> int:
        span = (self.x_max - self.x_min) or 1.0
        return round(LEFT + (x - self.x_min) / span * (RIGHT - LEFT))

    def _y(self, y: float) -> int:
        return round(BOTTOM - min(max(y, 0.0), self.y_max) / (self.y_max or 1.0) * (BOTTOM - TOP))

    def svg(self, error_bars: bool = True) -> str:
        parts = [
            f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {W} {H}' width='{2 * W}' "
            "style='background:white'>",
            f"<path d='M{LEFT} {BOTTOM}H{RIGHT}M{LEFT} {BOTTOM}V{TOP}' stroke='gray'/>",
        ]
        labels = self.x_labels or [f"{t:g}" for t in self.x_ticks]
        ticks = "".join(f"<tspan x='{self._x(t) - 3}'>{lab}</tspan>"
                        for t, lab in zip(self.x_ticks, labels, strict=True))
        top = f"{self.y_max:g}{self.y_label}"  # the y axis runs from 0 to this
        parts.append(f"<g font-size='8' fill='gray'><text y='{TOP + 6}'>{top}</text>"
                     f"<text y='{H - 2}'>{ticks}</text></g>")
        for h in self.hlines:
            dash = f" stroke-dasharray='{h.dash}'" if h.dash else ""
            parts.append(f"<path d='M{LEFT} {self._y(h.y)}H{RIGHT}' stroke='{h.color}'{dash}/>")
        for s in self.series:
            if error_bars and s.low is not None and s.high is not None:
                bars = "".join(f"M{self._x(x)} {self._y(lo)}V{self._y(hi)}"
                               for x, lo, hi in zip(s.xs, s.low, s.high, strict=True))
                parts.append(f"<path d='{bars}' stroke='{s.color}'/>")
            pts = " ".join(f"{self._x(x)},{self._y(y)}" for x, y in zip(s.xs, s.ys, strict=True))
            parts.append(f"<polyline points='{pts}' fill='none' stroke='{s.color}' stroke-width='2'/>")
        parts.append("</svg>")
        return "".join(parts)


def image_markdown(svg: str, alt: str = "chart") -> str:
    """``svg`` as a markdown image with a raw ``data:`` URI (see the module docstring)."""
    if "#" in svg:
        raise ValueError("an inline SVG must not contain '#' (it would end the data URI): use colour names")
    escaped = svg.replace("\\", "\\\\").replace("<", "\\<").replace(">", "\\>")
    return f"![{alt}](<data:image/svg+xml,{escaped}>)"


def chart_markdown(chart: Chart, caption: str) -> str:
    """Markdown with the chart inline and ``caption`` under it, within ``INLINE_LIMIT`` when it can be:
    error bars go first, then points (every 2nd, 4th, ... kept, the last always), before giving up (then
    the UI shows it behind a click; the caller keeps the PNG path)."""
    md = ""
    for error_bars in (True, False):
        md = f"{image_markdown(chart.svg(error_bars))}\n\n{caption}"
        if len(md) < INLINE_LIMIT:
            return md
    stride = 2
    while chart.series and stride < max(len(s.xs) for s in chart.series):
        thinned = Chart(chart.x_min, chart.x_max, chart.y_max, hlines=chart.hlines, x_ticks=chart.x_ticks,
                        x_labels=chart.x_labels, y_label=chart.y_label,
                        series=[Series(_every(s.xs, stride), _every(s.ys, stride), s.color)
                                for s in chart.series])
        md = f"{image_markdown(thinned.svg(False))}\n\n{caption} (every {stride}th point)"
        if len(md) < INLINE_LIMIT:
            break
        stride *= 2
    return md


def _every(values: Sequence[float], stride: int) -> list[float]:
    """Every ``stride``-th value, the last one always included."""
    kept = list(values[::stride])
    if (len(values) - 1) % stride:
        kept.append(values[-1])
    return kept


def chart_metadata(chart: Chart, caption: str) -> dg.MetadataValue:
    return dg.MetadataValue.md(chart_markdown(chart, caption))


def ticks(lo: int, hi: int, most: int = 8) -> list[int]:
    """Integer ticks from ``lo`` to ``hi`` (both shown), at most about ``most`` of them."""
    step = max(1, -(-(hi - lo) // max(1, most - 1)))
    out = list(range(lo, hi + 1, step))
    if out[-1] != hi:
        out.append(hi)
    return out


def history_chart(history: dict[str, list[tuple[int, float]]], most: int = 30) -> dg.MetadataValue | None:
    """A loss curve inline: each named series (train_loss, val_loss, ...) thinned to ``most`` points,
    y from 0 to the largest value; None without any point."""
    series = {name: list(points) for name, points in history.items() if points}
    if not series:
        return None
    steps = [s for points in series.values() for s, _ in points]
    top = max(v for points in series.values() for _, v in points)
    y_max = _nice_ceiling(top)
    chart = Chart(x_min=min(steps), x_max=max(steps) or 1, y_max=y_max, y_label="",
                  x_ticks=[min(steps), max(steps)])
    legend = []
    for (name, points), color in zip(series.items(), ("blue", "orange", "green", "purple"), strict=False):
        stride = max(1, -(-len(points) // most))
        kept = points[::stride] if points[::stride][-1] == points[-1] else [*points[::stride], points[-1]]
        chart.series.append(Series([s for s, _ in kept], [v for _, v in kept], color))
        legend.append(f"{color}: {name} (last {points[-1][1]:.3g})")
    return chart_metadata(chart, "loss vs step; " + ", ".join(legend))


def _nice_ceiling(value: float) -> float:
    """The smallest of 1, 1.5, 2, 3, 5, 7.5 × 10^k at or above ``value`` (1.0 for 0 or less)."""
    if value <= 0:
        return 1.0
    scale = 10 ** math.floor(math.log10(value))
    return next(m * scale for m in (1, 1.5, 2, 3, 5, 7.5, 10) if m * scale >= value)
