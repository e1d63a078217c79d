// How a license's status reads on a given day: an Active or Trial license whose expiration date
// has passed is Expired; any other status is what the LMA says. One definition for every query.

/** SQL for the effective status of license alias `l`, with `today` a date parameter ($n). */
export function EFFECTIVE_LICENSE_STATUS(l: string, today: string): string {
  return `CASE WHEN ${l}.status IN ('Active', 'Trial') AND ${l}.expiration < ${today}::date
    THEN 'Expired' ELSE ${l}.status END`;
}
