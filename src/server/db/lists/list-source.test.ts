// fromFor: a page's keys and its count join only what their SQL reads, and what those joins read.
import { describe, expect, it } from 'vitest';
import { CUSTOMER_SOURCE } from './org-sources';
import { LICENSE_SOURCE } from './license-source';
import { fromFor, fromWithLookups, keyedRowsFrom } from './list-source';

describe('fromFor', () => {
  it('keeps only the joins the SQL names', () => {
    expect(fromFor(LICENSE_SOURCE, 'lower(a.account_name) LIKE $1 ORDER BY l.sfid')).toBe(
      'license l\nLEFT JOIN account a ON a.account_id = l.account_id',
    );
    expect(fromFor(LICENSE_SOURCE, 'TRUE ORDER BY l.modified_date')).toBe('license l');
  });

  it('adds the joins a kept join reads, in their order', () => {
    const from = fromFor(CUSTOMER_SOURCE, 'lower(i.location) LIKE $1');
    expect(from.split('\n')).toEqual([
      'org_package_version v',
      'JOIN org o ON o.org_id = v.org_id',
      'LEFT JOIN instance i ON i.key = o.instance',
    ]);
  });

  it('does not mistake one alias for the end of another', () => {
    expect(fromFor(CUSTOMER_SOURCE, 'pv.version_sort > $1')).not.toContain('JOIN org o');
  });
});

describe('keyedRowsFrom', () => {
  it('reads the base row by the page keys, then each join as a lookup kept where it is written', () => {
    expect(keyedRowsFrom(CUSTOMER_SOURCE, 'SELECT …')?.split('\n')).toEqual([
      '(SELECT …) page JOIN org_package_version v ON v.org_id = page.k0 AND v.package_id = page.k1',
      'JOIN LATERAL (SELECT * FROM org o WHERE o.org_id = v.org_id OFFSET 0) o ON TRUE',
      'JOIN LATERAL (SELECT * FROM package_version pv WHERE pv.version_id = v.version_id OFFSET 0) pv ON TRUE',
      'LEFT JOIN LATERAL (SELECT * FROM instance i WHERE i.key = o.instance OFFSET 0) i ON TRUE',
    ]);
  });
});

describe('fromWithLookups', () => {
  const where = 'v.version_id = $1 AND v.license_status = ANY($2)';
  it('looks up, row by row, a big table only the sort reads', () => {
    expect(fromWithLookups(CUSTOMER_SOURCE, where, 'o.status', new Set(['o'])).split('\n')).toEqual(
      [
        'org_package_version v',
        'JOIN LATERAL (SELECT * FROM org o WHERE o.org_id = v.org_id OFFSET 0) o ON TRUE',
      ],
    );
  });

  it('joins a table the rows are selected by, or one not named to look up', () => {
    const byStatus = `${where} AND o.status = $3`;
    expect(fromWithLookups(CUSTOMER_SOURCE, byStatus, 'o.status', new Set(['o']))).toBe(
      fromFor(CUSTOMER_SOURCE, byStatus),
    );
    expect(
      fromWithLookups(CUSTOMER_SOURCE, where, 'i.location', new Set(['o'])).split('\n'),
    ).toEqual([
      'org_package_version v',
      'JOIN LATERAL (SELECT * FROM org o WHERE o.org_id = v.org_id OFFSET 0) o ON TRUE',
      'LEFT JOIN instance i ON i.key = o.instance',
    ]);
    expect(fromWithLookups(CUSTOMER_SOURCE, where, 'o.status', new Set())).toBe(
      fromFor(CUSTOMER_SOURCE, `${where} o.status`),
    );
  });
});
