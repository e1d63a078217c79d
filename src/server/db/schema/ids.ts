// Column helpers for canonical 18-character Salesforce ids (the sf_id / sf_org_id SQL domains).
import { char } from 'drizzle-orm/pg-core';

export const sfId = (name: string) => char(name, { length: 18 });
