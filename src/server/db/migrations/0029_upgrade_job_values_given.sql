-- A job written with its org's values already (insertJobs joins them in the INSERT … SELECT that
-- writes a request's jobs) skips the row trigger of migration 0024: looking them up row by row
-- cost scheduling 30 000 jobs about a second (bench/upgrade-engine). A job written without any
-- (the old console's import, or an org not stored yet) still has them looked up.
DROP TRIGGER upgrade_job_take_org ON upgrade_job;
CREATE TRIGGER upgrade_job_take_org BEFORE INSERT ON upgrade_job
  FOR EACH ROW
  WHEN (NEW.org_name IS NULL AND NEW.org_instance IS NULL AND NEW.org_account_name IS NULL
        AND NEW.current_version_id IS NULL)
  EXECUTE FUNCTION upgrade_job_take_org();
