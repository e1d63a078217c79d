// The container's HEALTHCHECK (the slim image has no curl): GET /healthz on this process's own
// port, which answers only after a round trip to the database. A worker (ROLE=worker) serves no
// HTTP; Docker sees it die when it fails, so its check passes.
const role = process.env.ROLE || 'all';
if (role === 'worker') process.exit(0);

const port = process.env.PORT || '5000';
fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
