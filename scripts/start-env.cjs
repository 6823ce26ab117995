// What `npm start` (and `npm run start:local-demo`) decide about the network before starting the app.
// Kept apart from start.mjs so a test can check that the plain start stays safe.
'use strict';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

const isLoopbackHost = (host) => LOOPBACK_HOSTS.has(String(host).toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(String(host));

const allowsPrivate = (value) => ['true', '1', 'yes'].includes(String(value ?? '').toLowerCase());

/**
 * The environment the app starts with. Crawling loopback and private addresses stays off unless
 * asked for; the local demo (`--local-demo`) turns it on and listens on loopback only, so that no
 * one else can reach an app that fetches this machine's network for its users.
 * Returns the environment and a line saying what crawls may reach.
 */
function startEnvironment(processEnv, argv) {
  const env = { ...processEnv };
  if (argv.includes('--local-demo')) {
    env.HOST = '127.0.0.1';
    env.CRAWL_ALLOW_PRIVATE_NETWORKS = 'true';
  }
  const host = env.HOST ?? '0.0.0.0';
  let notice;
  if (!allowsPrivate(env.CRAWL_ALLOW_PRIVATE_NETWORKS)) {
    notice = 'Crawls reach public addresses only (loopback, private, link-local and cloud metadata addresses are refused).';
  } else if (isLoopbackHost(host)) {
    notice =
      `Local demo: crawls may reach this machine and private networks (never link-local or cloud metadata addresses); ` +
      `the app listens on ${host} only.`;
  } else {
    notice =
      `WARNING: CRAWL_ALLOW_PRIVATE_NETWORKS is on while the app listens on ${host}: any user can make the server ` +
      `fetch this machine and its private networks. Use \`npm run start:local-demo\` (loopback only) for a demo.`;
  }
  return { env, notice };
}

module.exports = { startEnvironment, isLoopbackHost };
