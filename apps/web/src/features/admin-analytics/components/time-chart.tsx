import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useTheme } from "../../../lib/theme-provider";

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS custom property of styles.css, read when drawing so the chart follows the theme. */
  colorVar: string;
}

const HEIGHT = 220;
/** Every figure is a count: the value axis steps by whole numbers, never 0.5. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/**
 * A daily line chart drawn by uPlot on a canvas, as wide as its box. uPlot is not React: it is built on
 * mount and rebuilt when the data or the theme change (colours come from the theme's CSS variables).
 */
export function TimeChart({ title, days, series }: { title: string; days: string[]; series: ChartSeries[] }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const { resolved } = useTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change swaps the CSS variables the colours come from.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const ink = cssVar("--q-ink-muted");
    const grid = cssVar("--q-line");
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: box.clientWidth || 320,
        height: HEIGHT,
        scales: { x: { time: true } },
        // Days are UTC days: label them in UTC, not in the browser's zone (which could shift them by one).
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        axes: [axis, { ...axis, size: 48, incrs: COUNT_STEPS }],
        series: [
          { label: "Day" },
          ...series.map((s) => ({
            label: s.label,
            stroke: cssVar(s.colorVar),
            width: 2,
            points: { show: days.length < 40 },
          })),
        ],
      },
      [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((s) => s.values)],
      box,
    );
    // uPlot sizes in pixels: follow the box's width (phone rotation, sidebar, window resizes).
    const observer = new ResizeObserver(() => chart.setSize({ width: box.clientWidth || 320, height: HEIGHT }));
    observer.observe(box);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series, resolved]);

  const totals = series.map((s) => `${s.label}: ${s.values.reduce((sum, value) => sum + value, 0)} in total`);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-4 shadow-card">
      <figcaption className="font-semibold text-ink">{title}</figcaption>
      <div
        ref={boxRef}
        role="img"
        aria-label={`${title}, ${days.length} days. ${totals.join(". ")}.`}
        className="quire-chart min-w-0 text-ink-muted text-xs"
        data-testid="time-chart"
      />
    </figure>
  );
}
