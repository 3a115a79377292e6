// A reference line a run view asks a chart to draw: a QoS target, an article's number.
export interface RefLine {
  key: string;
  label: string;
  /** The y it marks; the x for a vertical line. */
  value: number;
  color: string;
  /**
   * A horizontal line only over these x values (an article's mean over a range); equal ends
   * make a short mark centred there (an article's number at one point). The whole plot when absent.
   */
  span?: readonly [number, number];
  /** Dash pattern; '4 4' when absent. */
  dash?: string;
  /** A vertical line at x = `value` (where an article says a line falls below a level). */
  vertical?: boolean;
}
