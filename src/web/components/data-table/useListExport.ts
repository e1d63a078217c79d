// A list's Export (docs/product.md "Common list behaviour"): rows the browser holds (a small
// table, or the 'N Selected' view) become a TSV file here; a server list is exported by the
// server's export route with the same filters and sorts, every visible column. The button shows
// as busy for a moment after each click, so a double click does not start two downloads.
import { useEffect, useRef, useState } from 'react';
import type { ListColumn, ListRequest } from '../../../domain';
import { cellText, rowValue } from './cellText';
import { buildTsv, downloadServerExport, downloadTsv, serverExportUrl } from './exportTsv';
import type { ClientSource, ServerSource } from './types';
import { serverQueryParams } from './useServerRows';

/** How long the Export button stays busy after a click (docs/product.md "Constants and limits"). */
export const EXPORT_FLAG_MS = 1000;

export function useListExport<Row extends object>(options: {
  source: ClientSource<Row> | ServerSource;
  /** The rows held in the browser, or null when the server pages the list. */
  localRows: readonly Row[] | null;
  columns: readonly ListColumn[];
  request: ListRequest;
  timeZone: string;
  fileName: string;
}): { exporting: boolean; exportRows: () => void } {
  const [exporting, setExporting] = useState(false);
  const exportTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(exportTimer.current), []);
  const exportRows = () => {
    const { source, localRows, columns, request, timeZone } = options;
    setExporting(true);
    clearTimeout(exportTimer.current);
    exportTimer.current = setTimeout(() => setExporting(false), EXPORT_FLAG_MS);
    if (localRows) {
      const tsv = buildTsv(
        localRows,
        columns.map((column) => ({
          label: column.label,
          kind: column.kind,
          text: (row: Row) => cellText(rowValue(row, column), column.kind, timeZone),
        })),
      );
      downloadTsv(tsv, options.fileName);
    } else if (source.mode === 'server') {
      const {
        page: _page,
        pageSize: _pageSize,
        ...query
      } = serverQueryParams(source, request, timeZone);
      downloadServerExport(
        serverExportUrl(
          source.endpoint.export,
          source.pathParams,
          query,
          columns.map((column) => column.id),
        ),
      );
    }
  };
  return { exporting, exportRows };
}
