// Container healthcheck: GET /healthz on this container's port. graphql serves HTTPS only,
// by default with a self-signed certificate, so the certificate is not verified.
import http from 'node:http';
import https from 'node:https';

const client = process.env.APP === 'graphql' ? https : http;
const req = client.get(
  { host: '127.0.0.1', port: process.env.PORT, path: '/healthz', rejectUnauthorized: false, timeout: 4000 },
  (res) => {
    res.resume();
    process.exit(res.statusCode === 200 ? 0 : 1);
  },
);
req.on('timeout', () => req.destroy(new Error('timeout')));
req.on('error', () => process.exit(1));
