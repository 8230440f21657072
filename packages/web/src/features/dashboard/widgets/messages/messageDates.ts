const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a local date. */
export const isoDay = (date: Date) =>
  `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const today = () => isoDay(new Date());

/** 'YYYY-MM' of the month that holds `day`. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month `delta` months away from 'YYYY-MM'. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const date = new Date(year, m - 1 + delta, 1);
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}`;
}

/**
 * The exclusive bounds of the message call for a month: the last day before it and the first
 * day after it (filter[date][gt] / filter[date][lt]).
 */
export function monthBounds(month: string): { after: string; before: string } {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return { after: isoDay(new Date(year, m - 1, 0)), before: isoDay(new Date(year, m, 1)) };
}

/** The weeks of a month, Monday first; null pads the days of other months. */
export function monthWeeks(month: string): (string | null)[][] {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const first = new Date(year, m - 1, 1);
  const days = new Date(year, m, 0).getDate();
  const lead = (first.getDay() + 6) % 7;
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export const monthTitle = (month: string) => {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(year, m - 1, 1).toLocaleDateString('en', { month: 'long', year: 'numeric' });
};
