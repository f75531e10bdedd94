import type { Figures } from '@tablo/contract/figures';
import { useEffect, useRef } from 'react';
import styles from './figures-screen.module.css';

/** What the chart draws: the hours' labels in the business day's order and each hour's sales. */
export interface HoursChartData {
  labels: string[];
  gross: number[];
  /** The series' name and the value axis's label, in the screen's language. */
  seriesLabel: string;
  format: (value: number) => string;
}

/** Draws a chart into an element; answers a function that removes it. */
export type DrawHoursChart = (target: HTMLElement, data: HoursChartData) => () => void;

/**
 * The chart library (uPlot) is loaded when the chart is first drawn, so only the figures screen fetches it.
 * Tests replace the loader (jsdom has no canvas) and read what would have been drawn.
 */
let loadDraw: () => Promise<DrawHoursChart> = async () => {
  const { default: uPlot } = await import('uplot');
  return (target, data) => {
    const bars = uPlot.paths.bars?.({ size: [0.7, 60] });
    const chart = new uPlot(
      {
        width: Math.max(320, target.clientWidth),
        height: 240,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => data.labels[tick] ?? '') },
          { values: (_u, ticks) => ticks.map(data.format), size: 80 },
        ],
        series: [
          {},
          {
            label: data.seriesLabel,
            fill: 'rgba(46, 125, 50, 0.6)',
            stroke: 'rgb(46, 125, 50)',
            ...(bars ? { paths: bars } : {}),
          },
        ],
      },
      [data.labels.map((_, index) => index), data.gross],
      target,
    );
    return () => chart.destroy();
  };
};

export function setHoursChartLoader(loader: (() => Promise<DrawHoursChart>) | undefined) {
  loadDraw = loader ?? defaultLoader;
}
const defaultLoader = loadDraw;

/** Sales by hour as a bar chart; hidden from assistive technology, which reads the table of hours instead. */
export function HoursChart({
  hours,
  seriesLabel,
  format,
}: {
  hours: Figures['hours'];
  seriesLabel: string;
  format: (value: number) => string;
}) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let cancelled = false;
    const element = target.current;
    if (!element) return;
    loadDraw()
      .then((draw) => {
        if (cancelled) return;
        remove = draw(element, {
          labels: hours.map((hour) => `${String(hour.hour).padStart(2, '0')}`),
          gross: hours.map((hour) => hour.gross),
          seriesLabel,
          format,
        });
      })
      // Without its chart the screen still has the table of hours: a failed download hides only the picture.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [hours, seriesLabel, format]);
  return <div ref={target} className={styles.chart} aria-hidden="true" data-testid="hours-chart" />;
}
