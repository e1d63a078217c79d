import type { Config } from '../../config';
import type { BlacklistSettings } from '../../db/repositories/blacklist';

/** DENIED_ORGS and EXPAND_BLACKLIST as the blacklist queries take them. */
export function blacklistSettings(config: Config): BlacklistSettings {
  return { deniedOrgs: config.DENIED_ORGS, expandByAccount: config.EXPAND_BLACKLIST };
}
