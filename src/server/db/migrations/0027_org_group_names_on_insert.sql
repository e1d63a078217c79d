-- A group can hold an org Pushboard has not stored yet (added by id, or by the old console's
-- import, before a fetch brings it). Migration 0015's triggers write group names when
-- memberships or groups change, onto the org rows that exist then; an org row written later
-- kept no names, so the Groups column showed it in no group and sorting or filtering by groups
-- misplaced it. Now an org takes its group names when it is stored (a statement trigger: a full
-- fetch's 100 000 new orgs cost one probe each of org_group_member's org index), and the names
-- such orgs missed are written once here.
CREATE FUNCTION org_group_names_of_new_orgs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org o SET group_names = org_group_names(o.org_id)
    FROM new_orgs n
   WHERE o.org_id = n.org_id
     AND EXISTS (SELECT 1 FROM org_group_member gm WHERE gm.org_id = n.org_id);
  RETURN NULL;
END $$;
CREATE TRIGGER org_group_names_of_new_orgs AFTER INSERT ON org
  REFERENCING NEW TABLE AS new_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION org_group_names_of_new_orgs();

UPDATE org o SET group_names = org_group_names(o.org_id)
 WHERE EXISTS (SELECT 1 FROM org_group_member gm WHERE gm.org_id = o.org_id)
   AND o.group_names IS DISTINCT FROM org_group_names(o.org_id);
