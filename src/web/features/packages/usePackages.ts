// The packages Pushboard knows: a small list (one row per managed package), fetched whole and
// filtered in the browser.
import { packageSchema } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useParsedArray } from '../../components/useParsedArray';

export function usePackages() {
  return useParsedArray(queryKeys.packages, '/api/packages', packageSchema);
}
