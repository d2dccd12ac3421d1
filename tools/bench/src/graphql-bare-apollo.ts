/**
 * The baseline of the GraphQL benchmark: a bare Apollo Server 5 on Express 5 over HTTPS whose
 * schema is `type Query { me: Person! }` with a constant resolver answering the person the real
 * app gave for the same query (BENCH_GRAPHQL_ME). No auth, no account, no quota, no limits, no
 * logging. Run by the bench as a child process: PORT, HOST, TLS_CERT_FILE and TLS_KEY_FILE from
 * the environment; SIGTERM exits cleanly.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';

const me: unknown = JSON.parse(process.env['BENCH_GRAPHQL_ME'] ?? 'null');
const apollo = new ApolloServer({
  typeDefs: /* GraphQL */ `
    type Person {
      id: ID!
      name: String!
    }
    type Query {
      me: Person!
    }
  `,
  resolvers: { Query: { me: () => me } },
  plugins: [ApolloServerPluginLandingPageDisabled()],
});
await apollo.start();

const app = express();
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.use('/', express.json(), expressMiddleware(apollo));

const server = createServer({ cert: readFileSync(process.env['TLS_CERT_FILE']!), key: readFileSync(process.env['TLS_KEY_FILE']!) }, app);
// As libs/http serve() does for the real app: idle keep-alive connections stay open alike.
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env['PORT']), process.env['HOST'] ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void apollo.stop().finally(() => process.exit(0));
});
