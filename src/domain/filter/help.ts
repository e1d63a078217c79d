// The help popover of the column filters (shown on double-click of a filter input).

/** One line of filter help: what to type and what it does. */
export interface FilterHelpEntry {
  readonly example: string;
  readonly meaning: string;
}

/** The filter help, in the order the popover lists it. */
export const FILTER_HELP: readonly FilterHelpEntry[] = [
  { example: 'acme', meaning: 'contains "acme" (upper and lower case are the same)' },
  { example: "'acme corp'", meaning: 'single quotes keep spaces and symbols together' },
  { example: '$acme', meaning: 'starts with "acme"' },
  { example: 'corp$', meaning: 'ends with "corp"' },
  { example: '"Acme Corp"', meaning: 'is exactly "Acme Corp"' },
  { example: 'acme, globex   or   acme globex   or   acme || globex', meaning: 'either one' },
  { example: 'acme && corp', meaning: 'both' },
  { example: '(acme || globex) && !test', meaning: 'parentheses group; ! means not' },
  { example: '?', meaning: 'has a value' },
  { example: '!?', meaning: 'is empty' },
  {
    example: '> 10   >= 10   < 10   <= 10',
    meaning: 'numbers, dates and versions compare by value',
  },
  { example: '# 10', meaning: 'equals 10; with a date, inside that day, month or year' },
  { example: '#ME', meaning: 'your username' },
  { example: '#TODAY   #NOW', meaning: 'today; this moment' },
  {
    example: '#THIS_WEEK   #THIS_MONTH',
    meaning: 'the current week, month (also HOUR, DAY, QUARTER, YEAR)',
  },
  {
    example: '#LAST_7_DAYS   #NEXT_2_WEEKS',
    meaning: 'from 7 days ago until now; from now until 2 weeks ahead',
  },
  {
    example: '< #LAST_3_MONTHS',
    meaning: 'a period compares as a whole: < before it, >= from its start, > after it',
  },
  {
    example: "2024-05   2024-05-31   '2024-05-31 14:30'",
    meaning: 'a month, a day, a minute in your time zone',
  },
  {
    example: 't, y   /   f, n',
    meaning: 'yes / no columns: true / false (false also matches empty)',
  },
  {
    example: '1.2   > 1.2.3',
    meaning: 'versions: 1.2 matches 1.2.x; comparisons go segment by segment',
  },
];

/** The help as plain lines ('example — meaning'). */
export function describeFilterHelp(): string[] {
  return FILTER_HELP.map((entry) => `${entry.example} — ${entry.meaning}`);
}
